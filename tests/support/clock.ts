import { Clock } from '../../core/shared/ids';

/** A clock that stands still until a test moves it. */
export class FixedClock implements Clock {
  constructor(private time = Date.parse('2026-11-21T10:00:00Z')) {}
  now() {
    return new Date(this.time);
  }
  advance(ms: number) {
    this.time += ms;
  }
  set(ms: number) {
    this.time = ms;
  }
}
