/** Gaussian elimination with partial pivoting on an augmented n x (n+1) matrix (edited in place). */
export function solveLinear(A: number[][]): number[] | null {
  const n = A.length;
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r][c]) > Math.abs(A[piv][c])) piv = r;
    if (Math.abs(A[piv][c]) < 1e-12) return null;
    [A[c], A[piv]] = [A[piv], A[c]];
    for (let r = c + 1; r < n; r++) {
      const f = A[r][c] / A[c][c];
      for (let k = c; k <= n; k++) A[r][k] -= f * A[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let v = A[r][n];
    for (let k = r + 1; k < n; k++) v -= A[r][k] * x[k];
    x[r] = v / A[r][r];
  }
  return x;
}

/** An n x (n+1) augmented matrix of zeros, for normal equations built by addNormalRow. */
export function normalMatrix(n: number): number[][] {
  return Array.from({ length: n }, () => new Array<number>(n + 1).fill(0));
}

/**
 * Adds one observation `row · solution = rhs` to the normal equations in M (least squares);
 * only the upper triangle, which solveNormal mirrors.
 */
export function addNormalRow(M: number[][], row: ArrayLike<number>, rhs: number): void {
  const n = M.length;
  for (let i = 0; i < n; i++) {
    const Mi = M[i],
      ri = row[i];
    for (let j = i; j < n; j++) Mi[j] += ri * row[j];
    Mi[n] += ri * rhs;
  }
}

/** The least-squares solution of the normal equations built by addNormalRow. */
export function solveNormal(M: number[][]): number[] | null {
  for (let i = 1; i < M.length; i++) for (let j = 0; j < i; j++) M[i][j] = M[j][i];
  return solveLinear(M);
}
