/**
 * Messages from a worker thread, taken one at a time in the order they arrived: `deliver` is the
 * thread's message listener, `receive` waits for the next message (one waiter at a time, as the
 * conversations with the SQLite reading thread and the CSV export worker are one request, one answer).
 */
export class ThreadMailbox<Message> {
  private readonly arrived: Message[] = [];
  private waiting: ((message: Message) => void) | undefined;

  deliver(message: Message): void {
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting(message);
    } else {
      this.arrived.push(message);
    }
  }

  receive(): Promise<Message> {
    const message = this.arrived.shift();
    if (message) return Promise.resolve(message);
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Messages arrived and not yet received that `matches` accepts. */
  count(matches: (message: Message) => boolean): number {
    return this.arrived.filter(matches).length;
  }
}
