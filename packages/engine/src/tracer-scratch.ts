/**
 * The outline tracer's work arrays, shared by every tracer on images up to POOL_MAX_CELLS padded
 * cells: allocating (and zeroing, and later collecting) them afresh for each image cost more
 * than a small image's whole boundary walk. Sharing is safe because everything in them is
 * stamped: a cell counts only when its value equals a stamp of the current loops() call, and the
 * stamps come from the scratch's own counter, so whatever an earlier call (of any tracer) left
 * is older and never matches. Nothing is kept from one loops() call to the next.
 */
const POOL_MAX_CELLS = 1 << 20;
/** Stamps restart (arrays zeroed) before they could overflow an Int32. */
const STAMP_LIMIT = 1 << 30;

export class TracerScratch {
  /** Per padded cell: the set's stamp. */
  readonly mark: Int32Array;
  /** Per edge (two per cell): followed in the current pass. */
  readonly edgeMark: Int32Array;
  /** The current set's cells. */
  readonly list: Int32Array;
  private stackBuf: Int32Array | null = null;
  private rimBuf: Int32Array | null = null;
  private scannedBuf: Int32Array | null = null;
  private stamp = 0;

  private constructor(readonly cells: number) {
    this.mark = new Int32Array(cells);
    this.edgeMark = new Int32Array(2 * cells);
    this.list = new Int32Array(cells);
  }

  /** Work arrays of at least `cells` cells: the shared ones unless the image is large. */
  static forCells(cells: number): TracerScratch {
    if (cells > POOL_MAX_CELLS) return new TracerScratch(cells);
    if (!shared || shared.cells < cells) shared = new TracerScratch(cells);
    return shared;
  }

  /** Three fresh stamps (returned: the first), each above every stamp handed out before. */
  stamps(): number {
    if (this.stamp > STAMP_LIMIT) {
      this.stamp = 0;
      this.mark.fill(0);
      this.edgeMark.fill(0);
      this.scannedBuf?.fill(0);
    }
    const first = this.stamp + 1;
    this.stamp += 3;
    return first;
  }

  /** The flood fill's stack (stacked mode only, so made on first use). */
  get stack(): Int32Array {
    return (this.stackBuf ??= new Int32Array(this.cells));
  }

  /** The set's cells next to a cell outside it (stacked mode only, so made on first use). */
  get rim(): Int32Array {
    return (this.rimBuf ??= new Int32Array(this.cells));
  }

  /** Per padded cell: a member whose band square has been scanned (stamped). */
  get scanned(): Int32Array {
    return (this.scannedBuf ??= new Int32Array(this.cells));
  }
}

let shared: TracerScratch | null = null;
