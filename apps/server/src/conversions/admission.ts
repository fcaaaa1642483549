import { DomainError } from '../errors.js';

/**
 * Admission of a conversion before anything is decoded: per account, at most its plan's number of
 * conversions in flight; per process, at most `maxPixels` decoded pixels in flight (decoding and
 * tracing cost memory and time by pixels, not by file bytes). A single image is always admitted
 * when nothing else is in flight. Synchronous, so concurrent requests cannot both take the last
 * place. The returned function gives the place back (once).
 */
export class Admission {
  private readonly perAccount = new Map<string, number>();
  private pixelsInFlight = 0;

  constructor(private readonly maxPixels: number) {}

  get pixels(): number {
    return this.pixelsInFlight;
  }

  admit(accountId: string, maxInFlight: number, pixels: number): () => void {
    const running = this.perAccount.get(accountId) ?? 0;
    if (running >= maxInFlight) {
      throw new DomainError(
        'RATE_LIMITED',
        `Your plan converts ${maxInFlight} ${maxInFlight === 1 ? 'image' : 'images'} at a time; wait for one to finish`,
        { retryAfterSeconds: 5 },
      );
    }
    if (this.pixelsInFlight > 0 && this.pixelsInFlight + pixels > this.maxPixels) {
      throw new DomainError(
        'QUEUE_FULL',
        'The service is busy with large images; try again in a few seconds',
        { retryAfterSeconds: 10 },
      );
    }
    this.perAccount.set(accountId, running + 1);
    this.pixelsInFlight += pixels;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.pixelsInFlight -= pixels;
      const left = (this.perAccount.get(accountId) ?? 1) - 1;
      if (left > 0) this.perAccount.set(accountId, left);
      else this.perAccount.delete(accountId);
    };
  }
}
