import { Injectable } from '@nestjs/common';

/**
 * "Now" for delay alerts. Due dates pass with no event, so the evaluator asks this clock rather
 * than `new Date()`: tests move it forward instead of waiting a day. Nothing outside tests sets it.
 */
@Injectable()
export class AlertClock {
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date();
  }

  /** Tests only: pin the clock at `at` (null: back to real time). */
  setForTesting(at: Date | null): void {
    this.fixed = at ? new Date(at) : null;
  }
}
