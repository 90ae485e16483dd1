package main

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/reckonhq/reckon/bench/internal/gen"
	"github.com/reckonhq/reckon/dsse"
)

// proc is one whole-process run: wall time and peak resident set size.
type proc struct {
	wall   time.Duration
	cpu    time.Duration // user and system time of the process
	maxRSS int64         // bytes
}

// runProc runs argv with stdin from a file or a reader, stdout discarded
// unless out is set, and extra environment. It fails on a non-zero exit.
func runProc(argv []string, env []string, stdin io.Reader, out io.Writer) (proc, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = stdin
	if out == nil {
		out = io.Discard
	}
	cmd.Stdout = out
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	t := time.Now()
	err := cmd.Run()
	wall := time.Since(t)
	if err != nil {
		return proc{}, fmt.Errorf("%v: %v: %s", argv, err, lastLines(stderr.String()))
	}
	ru, _ := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	p := proc{wall: wall}
	if ru != nil {
		p.maxRSS = ru.Maxrss * 1024 // kilobytes on Linux
		p.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return p, nil
}

func lastLines(s string) string {
	if len(s) > 600 {
		return "…" + s[len(s)-600:]
	}
	return s
}

// pinned returns the command prefix and environment that run a process on
// the first n cores: taskset where the machine has it, and GOMAXPROCS.
func pinned(n int) (prefix, env []string) {
	env = []string{fmt.Sprintf("GOMAXPROCS=%d", n)}
	if _, err := exec.LookPath("taskset"); err == nil && runtime.NumCPU() >= n {
		cpus := "0"
		for i := 1; i < n; i++ {
			cpus += fmt.Sprintf(",%d", i)
		}
		prefix = []string{"taskset", "-c", cpus}
	}
	return prefix, env
}

// batchFiles are the inputs of the batch comparisons, written once.
type batchFiles struct {
	requests  string // n request lines
	envelopes string // n signed envelopes, one a line
	pub       string // the public key that signed them
	n         int
	lines     [][]byte // the request lines, for the scaling runs
	envLines  [][]byte // the envelope lines
}

// prepareBatch writes n generated requests, signs them with a new key
// through `reckon calc -key`, and keeps the envelopes.
func prepareBatch(c *config) (*batchFiles, error) {
	seeds, err := gen.LoadSeeds(c.seeds)
	if err != nil {
		return nil, err
	}
	bf := &batchFiles{n: c.batchN,
		requests:  filepath.Join(c.work, "requests.jsonl"),
		envelopes: filepath.Join(c.work, "envelopes.jsonl"),
		pub:       filepath.Join(c.work, "bench.pub")}
	bf.lines = gen.Requests(seeds, c.batchN)
	if err := os.WriteFile(bf.requests, joinLines(bf.lines), 0o644); err != nil {
		return nil, err
	}
	if _, err := runProc([]string{c.reckon, "keygen", "-out", filepath.Join(c.work, "bench")}, nil, nil, nil); err != nil {
		return nil, err
	}
	var signed bytes.Buffer
	in, err := os.Open(bf.requests)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	if _, err := runProc([]string{c.reckon, "calc", "-key", filepath.Join(c.work, "bench.key"), "-jsonl"}, nil, in, &signed); err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(&signed)
	sc.Buffer(nil, 4<<20)
	for sc.Scan() {
		var resp struct {
			OK      bool            `json:"ok"`
			Receipt json.RawMessage `json:"receipt"`
		}
		if err := json.Unmarshal(sc.Bytes(), &resp); err != nil || !resp.OK {
			return nil, fmt.Errorf("calc response %d: not ok: %.300s", len(bf.envLines)+1, sc.Bytes())
		}
		bf.envLines = append(bf.envLines, bytes.Clone(resp.Receipt))
	}
	if len(bf.envLines) != bf.n {
		return nil, fmt.Errorf("calc answered %d of %d requests", len(bf.envLines), bf.n)
	}
	return bf, os.WriteFile(bf.envelopes, joinLines(bf.envLines), 0o644)
}

func joinLines(lines [][]byte) []byte {
	var b bytes.Buffer
	for _, l := range lines {
		b.Write(l)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// signedMessage is one bare ed25519 verification: the PAE bytes a DSSE
// signature covers, and the signature.
type signedMessage struct{ pae, sig []byte }

// bareMessages decodes up to limit envelopes into what ed25519.Verify sees.
func bareMessages(envLines [][]byte, limit int) ([]signedMessage, error) {
	var msgs []signedMessage
	for _, l := range envLines[:min(limit, len(envLines))] {
		env, err := dsse.Decode(l)
		if err != nil {
			return nil, err
		}
		payload, err := base64Std(env.Payload)
		if err != nil {
			return nil, err
		}
		sig, err := base64Std(env.Signatures[0].Sig)
		if err != nil {
			return nil, err
		}
		msgs = append(msgs, signedMessage{dsse.PAE(env.PayloadType, payload), sig})
	}
	return msgs, nil
}

// bareVerify is the benchmark of ed25519.Verify over msgs, on one
// goroutine: the bound of any receipt verifier.
func bareVerify(b *testing.B, pub ed25519.PublicKey, msgs []signedMessage) {
	i := 0
	for b.Loop() {
		m := msgs[i%len(msgs)]
		if !ed25519.Verify(pub, m.pae, m.sig) {
			b.Fatal("bare ed25519 verification failed")
		}
		i++
	}
}

// bareVerifyParallel returns verifications per second over msgs on g
// goroutines, for about d.
func bareVerifyParallel(pub ed25519.PublicKey, msgs []signedMessage, g int, d time.Duration) float64 {
	var wg sync.WaitGroup
	counts := make([]int, g)
	start := time.Now()
	for w := range g {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; time.Since(start) < d; i += g {
				m := msgs[i%len(msgs)]
				ed25519.Verify(pub, m.pae, m.sig)
				counts[w]++
			}
		}()
	}
	wg.Wait()
	total := 0
	for _, n := range counts {
		total += n
	}
	return float64(total) / time.Since(start).Seconds()
}

// batches compares whole-process batch runs: calc against the Python
// reference, verify against the bare ed25519 bound on one and two cores.
func batches(c *config) ([]row, error) {
	if c.reckon == "" {
		logf("   no reckon binary: batch section skipped")
		return []row{{area: "batch", measure: "skipped: no `reckon` binary (the CLI)", ratio: nan()}}, nil
	}
	bf, err := prepareBatch(c)
	if err != nil {
		return nil, err
	}
	c.batch = bf
	pubPEM, err := os.ReadFile(bf.pub)
	if err != nil {
		return nil, err
	}
	pub, err := dsse.ParsePublicKey(pubPEM)
	if err != nil {
		return nil, err
	}
	msgs, err := bareMessages(bf.envLines, 2000)
	if err != nil {
		return nil, err
	}
	open := func(name string) *os.File {
		f, err := os.Open(name)
		if err != nil {
			panic(err)
		}
		return f
	}
	timed := func(p *pair, argv, env []string, input string) error {
		f := open(input)
		defer f.Close()
		r, err := runProc(argv, env, f, nil)
		p.add(float64(r.wall.Nanoseconds()), float64(r.cpu.Nanoseconds()))
		return err
	}
	var calc, calc1, calcSigned, py, ver1, ver2, bare pair
	var bare2 samples
	key := filepath.Join(c.work, "bench.key")
	pre1, env1 := pinned(1)
	pre2, env2 := pinned(2)
	// Whole-process batches take seconds each; five rounds are enough.
	rounds := min(c.rounds, 5)
	for round := range rounds {
		logf("   round %d/%d", round+1, rounds)
		for _, run := range []struct {
			p         *pair
			argv, env []string
			input     string
		}{
			{&calc, []string{c.reckon, "calc", "-jsonl"}, nil, bf.requests},
			{&py, []string{c.python, refScript, "calc"}, nil, bf.requests},
			{&calc1, append(pre1, c.reckon, "calc", "-jsonl"), env1, bf.requests},
			{&calcSigned, []string{c.reckon, "calc", "-key", key, "-jsonl"}, nil, bf.requests},
			{&ver1, append(pre1, c.reckon, "verify", "-pub", bf.pub, "-jsonl"), env1, bf.envelopes},
			{&ver2, append(pre2, c.reckon, "verify", "-pub", bf.pub, "-jsonl"), env2, bf.envelopes},
		} {
			if err := timed(run.p, run.argv, run.env, run.input); err != nil {
				return nil, err
			}
		}
		bare.measure(func(b *testing.B) { bareVerify(b, pub, msgs) })
		bare2 = append(bare2, bareVerifyParallel(pub, msgs, 2, c.benchDur*3))
	}
	// the Python reference answers every line
	var pyOut bytes.Buffer
	if _, err := runProc([]string{c.python, refScript, "calc"}, nil, bytes.NewReader(joinLines(bf.lines[:100])), &pyOut); err != nil {
		return nil, err
	}
	if got := bytes.Count(pyOut.Bytes(), []byte(`"ok": true`)); got != 100 {
		return nil, fmt.Errorf("python reference answered %d of 100 requests", got)
	}

	N := count(bf.n)
	n := float64(bf.n)
	var rows []row
	r := compare("batch", fmt.Sprintf("`reckon calc -jsonl`, %s requests, unsigned, whole process", N), calc, py, dur)
	r.ref += " (Python, line by line)"
	r.check(0.25, true)
	r.issue, r.today = 3, "0.66×"
	rows = append(rows, r)
	r = compare("batch", "the same on 1 core (`GOMAXPROCS=1`, pinned)", calc1, py, dur)
	r.ref += " (Python, one core)"
	r.check(0.5, true)
	r.issue, r.today = 2, "1.34×"
	rows = append(rows, r)
	r = compare("batch", "`reckon calc -key -jsonl`: the same, each receipt signed", calcSigned, py, dur)
	r.ref += " (Python, unsigned)"
	r.target = "reported"
	rows = append(rows, r)
	bareRate := 1e9 / bare.wall.median()
	for _, v := range []struct {
		cores int
		p     pair
	}{{1, ver1}, {2, ver2}} {
		got := n / (v.p.wall.median() / 1e9)
		bound := bareRate * float64(v.cores)
		r := row{area: "batch", measure: fmt.Sprintf("`reckon verify -jsonl`, %s signed receipts, %d core(s)", N, v.cores),
			reckon: rate(got), ref: rate(bound) + fmt.Sprintf(" (bare `ed25519.Verify` × %d)", v.cores),
			ratio: got / bound, cpuRatio: bare.cpu.median() / (v.p.cpu.median() / n),
			spread: maxSpread(v.p.wall, bare.wall)}
		r.check(0.8, false)
		if v.cores == 1 {
			r.issue, r.today = 4, "0.54×"
		}
		rows = append(rows, r)
	}
	r = row{area: "batch", measure: "`reckon verify -jsonl`: 2 cores over 1 core",
		reckon: rate(n / (ver2.wall.median() / 1e9)), ref: rate(n/(ver1.wall.median()/1e9)) + " (1 core)",
		ratio: ver1.wall.median() / ver2.wall.median(), spread: maxSpread(ver1.wall, ver2.wall)}
	r.check(1.8, false)
	rows = append(rows, r)
	rows = append(rows, row{area: "batch", measure: "bare `ed25519.Verify`, 2 goroutines at once, in one process",
		ref:   rate(bare2.median()) + fmt.Sprintf(" (%.2f× one goroutine)", bare2.median()/bareRate),
		ratio: nan(), target: "reported", spread: bare2.spread()})
	return rows, nil
}

func base64Std(s string) ([]byte, error) { return base64.StdEncoding.DecodeString(s) }

func rate(perSec float64) string { return fmt.Sprintf("%s /s", count(int(perSec+0.5))) }
