/**
 * What a command endpoint returns: the answer body and the global position of the events
 * it appended. The read-your-writes interceptor answers only once the read tables have
 * reached that position, and reports it in `X-Event-Position`.
 */
export class Written<T> {
  constructor(
    readonly position: number,
    private readonly body: T | ReadBack<T>,
  ) {}

  /**
   * An answer taken from the read tables, which only hold it once they have reached
   * `position`: the interceptor waits first, then calls `read`. So a controller never waits
   * itself, and every command has the same one wait and the same timeout answer.
   */
  static readAfter<T>(position: number, read: () => Promise<T>): Written<T> {
    return new Written<T>(position, new ReadBack(read));
  }

  /** The body to send, once the read tables have reached `position`. */
  answer(): Promise<T> {
    return this.body instanceof ReadBack ? this.body.read() : Promise.resolve(this.body);
  }
}

class ReadBack<T> {
  constructor(readonly read: () => Promise<T>) {}
}
