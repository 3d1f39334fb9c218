// Preloaded into the app by `npm run bench` (NODE_OPTIONS=--import): measures the app's event-loop
// delay with perf_hooks, without any code of the app's own. On SIGUSR2 it writes the delay since the
// last signal (p50, p99, max in ms) to BENCH_LOOP_FILE and starts counting again.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (nanoseconds) => Math.round(nanoseconds / 1e4) / 100;
    writeFileSync(
      file,
      JSON.stringify({
        p50: ms(histogram.percentile(50)),
        p99: ms(histogram.percentile(99)),
        max: ms(histogram.max),
        samples: histogram.count,
      }),
    );
    histogram.reset();
  });
}
