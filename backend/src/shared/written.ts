/**
 * What a command endpoint returns: the answer body and the global position of the events
 * it appended. The read-your-writes interceptor answers only once the read tables have
 * reached that position, and reports it in `X-Event-Position`.
 */
export class Written<T> {
  constructor(
    readonly position: number,
    readonly body: T,
  ) {}
}
