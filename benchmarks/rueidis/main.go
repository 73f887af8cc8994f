// Command rueidis-gets is the rueidis (Go) row of benchmark scenario (c): callers goroutines doing blocking GETs of
// random keys among the keys the Java runner preloaded ("key:0".."key:9999"), first for -warmup, then measured for
// -duration. It prints one JSON object: GETs per second, latency percentiles in microseconds, this process's CPU
// per GET in microseconds (user + system, from getrusage) and the error count.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/redis/rueidis"
)

type result struct {
	Ops     float64 `json:"ops"`
	P50     float64 `json:"p50"`
	P99     float64 `json:"p99"`
	P999    float64 `json:"p999"`
	CPU     float64 `json:"cpu"`
	Errors  int64   `json:"errors"`
	Version string  `json:"version"`
}

func main() {
	address := flag.String("address", "127.0.0.1:6379", "the server (or one cluster node) to connect to")
	callers := flag.Int("callers", 64, "goroutines doing blocking GETs")
	keys := flag.Int("keys", 10000, "keys key:0 .. key:N-1, preloaded by the runner")
	warmup := flag.Duration("warmup", 2*time.Second, "unmeasured run before the measured window")
	duration := flag.Duration("duration", 4*time.Second, "measured window")
	flag.Parse()

	// The client-side cache off: scenario (c) measures round trips, as every other row does.
	client, err := rueidis.NewClient(rueidis.ClientOption{InitAddress: []string{*address}, DisableCache: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, "rueidis-gets: cannot connect:", err)
		os.Exit(2)
	}
	defer client.Close()

	run(client, *callers, *keys, *warmup, nil)
	cpuBefore := cpuMicros()
	latencies := make([][]time.Duration, *callers)
	var errors atomic.Int64
	start := time.Now()
	count := run(client, *callers, *keys, *duration, func(caller int, latency time.Duration, failed bool) {
		if failed {
			errors.Add(1)
			return
		}
		latencies[caller] = append(latencies[caller], latency)
	})
	elapsed := time.Since(start)
	cpu := cpuMicros() - cpuBefore

	var all []time.Duration
	for _, part := range latencies {
		all = append(all, part...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i] < all[j] })
	out := result{
		Ops:     float64(count) / elapsed.Seconds(),
		P50:     percentileMicros(all, 50),
		P99:     percentileMicros(all, 99),
		P999:    percentileMicros(all, 99.9),
		CPU:     cpu / float64(max(count, 1)),
		Errors:  errors.Load(),
		Version: rueidisVersion(),
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		os.Exit(2)
	}
}

// run lets callers goroutines GET random keys until the window ends and returns how many GETs completed.
func run(client rueidis.Client, callers, keys int, window time.Duration, record func(int, time.Duration, bool)) int64 {
	var done atomic.Int64
	deadline := time.Now().Add(window)
	var group sync.WaitGroup
	for caller := 0; caller < callers; caller++ {
		group.Add(1)
		go func(caller int) {
			defer group.Done()
			random := rand.New(rand.NewSource(int64(caller) + 1))
			ctx := context.Background()
			for time.Now().Before(deadline) {
				key := "key:" + strconv.Itoa(random.Intn(keys))
				begin := time.Now()
				value, err := client.Do(ctx, client.B().Get().Key(key).Build()).ToString()
				failed := err != nil || value == ""
				if record != nil {
					record(caller, time.Since(begin), failed)
				}
				if !failed {
					done.Add(1)
				}
			}
		}(caller)
	}
	group.Wait()
	return done.Load()
}

func percentileMicros(sorted []time.Duration, percentile float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	index := int(float64(len(sorted)-1) * percentile / 100)
	return float64(sorted[index].Nanoseconds()) / 1000
}

// cpuMicros is this process's user and system CPU time so far, in microseconds.
func cpuMicros() float64 {
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		return 0
	}
	micros := func(t syscall.Timeval) float64 { return float64(t.Sec)*1e6 + float64(t.Usec) }
	return micros(usage.Utime) + micros(usage.Stime)
}
