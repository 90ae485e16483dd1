package finance

import (
	"math/rand/v2"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/require"
)

// TestPayoffPathsAgree holds the integer path to the decimal one: over
// random households, both give the same months, totals and order.
func TestPayoffPathsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 2026))
	compared, fellBack := 0, 0
	for trial := 0; trial < 200; trial++ {
		n := 1 + rng.IntN(8)
		debts := make([]debt, n)
		mins := int64(0)
		cv := convention{name: Nominal, m: 12}
		if trial%3 == 0 {
			cv = convention{name: Periodic}
		}
		c := newCalc()
		for i := range debts {
			balance := int64(rng.IntN(5_000_000))
			minimum := int64(100 + rng.IntN(20000))
			apr := apd.New(int64(rng.IntN(3500)), -4)
			if cv.name == Periodic {
				apr = apd.New(int64(rng.IntN(300)), -4)
			}
			debts[i] = debt{index: i, balance: apd.New(balance, -2), apr: apr, minPayment: apd.New(minimum, -2)}
			debts[i].rate = cv.periodic(c, apr)
			mins += minimum
		}
		budget := apd.New(mins+int64(rng.IntN(300000)), -2)
		cents, fast := toCents(debts, cv, budget, -2)
		require.True(t, fast)
		avalanche, snowball := planOrders(debts)
		for _, order := range [][]int{avalanche, snowball} {
			slow, errSlow := simulate(newCalc(), debts, order, budget, -2, "inputs[0].display")
			p, months, interest, paid, errFast, ok := simulateCents(cents, order, "inputs[0].display")
			if !ok {
				// A plan whose total grows for centuries while some debt
				// still falls leaves the integers' range; Run then takes
				// the decimal path, whose answer is slow's.
				fellBack++
				continue
			}
			require.Equal(t, errSlow, errFast)
			if errSlow != nil {
				continue
			}
			compared++
			require.Equal(t, slow.months, months)
			require.Equal(t, plain(&slow.interest), plain(apd.New(interest, -2)))
			require.Equal(t, plain(&slow.paid), plain(apd.New(paid, -2)))
			require.Equal(t, slow.order, p.order)
			require.Equal(t, slow.paidOff, p.paidOff)
		}
	}
	require.Greater(t, compared, 200)
	require.Less(t, fellBack, 10)
}
