// The command line's flags and its --help text, kept together so that a new flag is listed in both.

export const USAGE = `Usage: unblock-bench [options] <fixture-dir…>
       unblock-bench [options] --function <file:LINE> [--latency io:10]
       unblock-bench observe <fixture-dir> [options]   (see unblock-bench observe --help)

Applies the Unblock rules' fixes to each fixture, checks that before and after answer alike,
and measures both under alternating HTTP load. A directory without fixture.json runs every
fixture directory inside it. With --function, benchmarks the function around LINE of a source
file instead, against simulated backends (docs/function-bench.md).

Options:
  --function <file:LINE>     benchmark the function that contains LINE (no fixture needed)
  --latency <model>          latency model for --function: io:10 (default), threadpool:3, or JSON
  --connections <list>       connection levels, e.g. 1,10 (default: fixture.json or 1,10)
  --duration <s>             seconds per measured slice (default 1)
  --rounds <n>               A/B pairs per connection level (default 11; a difference is
                             claimed only when the rounds' ratios pass a sign-flip test)
  --warmup <s>               unmeasured seconds per variant and level (default 1)
  --bystander-interval <ms>  pause between bystander probes (default 25)
  --threadpool-size <n>      UV_THREADPOOL_SIZE for both servers (default: fixture.json or 4)
  --sweep-threadpool <list>  one comparison per pool size, e.g. 2,4,8
  --rule <id>                rule to apply, repeatable (default: the fixture's rules)
  --aa                       A/A self-check: run the "before" code against itself through the
                             same rounds, and report per route whether a difference was (wrongly)
                             claimed and the smallest difference the run could detect
  --json <file>              write the JSON report ("-" for stdout)
  --html <file>              write the HTML report with charts
  --no-diff                  do not print the diff of the fix
  --quiet                    no progress, no diff: only the result tables
  --listen-timeout <s>       time a server may take to listen (default 10)
  --request-timeout <s>      time before a request counts as hung (default 5)
  --max-outside-load <cores> outside CPU use that makes a slice repeat or be flagged (default 0.5)
  --max-steal <percent>      CPU time stolen by the hypervisor that makes the host "noisy" (default 5)
  --max-repeats <n>          slices repeated per connection level because of outside load (default 1)
  -h, --help                 show this help
  -v, --version              show the version

Exit codes: 0 every fixture and function was measured (or is a negative control, "expect":
"nothing-to-fix", that found nothing); 1 a fixture or function failed, was refused, or was not
measured because the rules found nothing to fix (the others still run); 2 bad usage (unknown
flag, bad value, flags that do not go together), nothing was run; 130 cancelled.`;

export const OPTIONS = /** @type {const} */ ({
  function: { type: 'string' },
  latency: { type: 'string' },
  connections: { type: 'string' },
  duration: { type: 'string' },
  rounds: { type: 'string' },
  warmup: { type: 'string' },
  'threadpool-size': { type: 'string' },
  'sweep-threadpool': { type: 'string' },
  rule: { type: 'string', multiple: true },
  aa: { type: 'boolean' },
  json: { type: 'string' },
  html: { type: 'string' },
  'no-diff': { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  'listen-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'max-outside-load': { type: 'string' },
  'max-steal': { type: 'string' },
  'max-repeats': { type: 'string' },
  'bystander-interval': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
});
