/** The part of autocannon's API the benchmarks use (the package ships no types). */
declare module 'autocannon' {
  namespace autocannon {
    interface Request { method?: string; path?: string; headers?: Record<string, string>; body?: string }
    interface RequestSpec extends Request { setupRequest?: (request: Request, context: object) => Request }
    interface Options {
      url: string;
      connections?: number;
      pipelining?: number;
      duration?: number;
      headers?: Record<string, string>;
      method?: string;
      body?: string;
      requests?: RequestSpec[];
    }
    interface Histogram { average: number; mean: number; stddev: number; min: number; max: number; total: number; p50: number; p90: number; p99: number }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export = autocannon;
}
