// The part of autocannon 9's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p2_5: number
    p50: number
    p75: number
    p90: number
    p97_5: number
    p99: number
    p99_9: number
  }

  type Request = { method?: string; path?: string; headers?: Record<string, string> }

  export type Options = {
    url: string
    connections: number
    pipelining?: number
    duration: number
    headers?: Record<string, string>
    requests?: Array<Request & { setupRequest?: (request: Request, context: Record<string, unknown>) => Request }>
    timeout?: number
    /** Milliseconds between autocannon's own samples; a stopped run ends at the next one. */
    sampleInt?: number
  }

  export type Result = {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '1xx': number
    '2xx': number
    '3xx': number
    '4xx': number
    '5xx': number
    statusCodeStats: Record<string, { count: number }>
    start: Date
    finish: Date
  }

  type Instance = Promise<Result> & {
    stop: () => void
    on(event: 'response', listener: (client: unknown, statusCode: number, responseBytes: number, responseTime: number) => void): Instance
    on(event: 'reqError', listener: (error: Error) => void): Instance
  }

  const autocannon: (options: Options) => Instance
  export default autocannon
}
