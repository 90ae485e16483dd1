package stories_test

import (
	"crypto/ed25519"
	"fmt"
	"os"

	"github.com/reckonhq/reckon/dsse"
	"github.com/reckonhq/reckon/examples/stories"
)

// ExampleCostco tells the Costco story with a key made from a fixed seed,
// so that the key id is the same on every run; an application loads its
// own key (dsse.ParsePrivateKey) and trusts its public half.
func ExampleCostco() {
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	signer, _ := dsse.NewEd25519Signer(priv)
	trusted, _ := dsse.NewKeyRing(priv.Public().(ed25519.PublicKey))
	if _, err := stories.Costco(os.Stdout, signer, trusted); err != nil {
		fmt.Println(err)
	}
	// Output:
	// Q: What was Costco's debt-to-EBITDA ratio for fiscal 2021, counting operating leases as debt?
	//
	// Drafts refused or relabelled
	//   ✗ draft 1  mixes in operating income from another period
	//              refused: period_mismatch: current_debt is for "FY2021" but operating_income is for "FY2020"
	//              hint: use inputs from one period, or drop the same-period requirement if mixing periods is intended
	//   ✗ draft 2  leaves the lease liabilities out of debt
	//              refused: unused_input: input "lease_liabilities" is not used by the formula
	//              hint: use the input in the formula or remove it
	//   ~ draft 3  divides by operating income alone
	//              computes 1.701×: debt to operating income, not to EBITDA
	//
	// Answer  costco-fy21-debt-ebitda
	//   current_debt       $799 million    FY2021  Current portion of long-term debt          Costco 10-K FY2021, balance sheet (text)        costco-10k-fy2021 bytes 1679-1748, whitespace
	//   long_term_debt     $6,692 million  FY2021  Long-term debt, excluding current portion  Costco 10-K FY2021, balance sheet (text)        costco-10k-fy2021 bytes 1877-1946, whitespace
	//   lease_liabilities  $3,916 million  FY2021  Long-term operating lease liabilities      Costco 10-K FY2021, balance sheet (text)        costco-10k-fy2021 bytes 1967-2036, whitespace
	//   operating_income   $6,708 million  FY2021  Operating income                           Costco 10-K FY2021, income statement (text)     costco-10k-fy2021 bytes 1006-1060, whitespace
	//   depreciation       $1,781 million  FY2021  Depreciation and amortization              Costco 10-K FY2021, cash flow statement (text)  costco-10k-fy2021 bytes 2608-2675, whitespace
	//   formula   (current_debt + long_term_debt + lease_liabilities) / (operating_income + depreciation)
	//   expanded  (799 + 6692 + 3916) / (6708 + 1781)
	//   result    1.344×   exact 1.343738956296383555189068205913535…, rounded half_even to 3 places
	//   receipt   ✓ signed by ed25519:339e2ff917630507, re-executed, every field matches, every quote found again at its span
	//   audit     ✓ every input must be from FY2021
}
