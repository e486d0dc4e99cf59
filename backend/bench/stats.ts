/** Percentiles of a sample, in the sample's unit. */
export function percentiles(values: number[], points = [50, 95, 99]): Record<string, number> {
  const sorted = [...values].sort((a, b) => a - b);
  const result: Record<string, number> = {};
  for (const point of points) {
    const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((point / 100) * sorted.length) - 1));
    result[`p${point}`] = sorted[index] ?? NaN;
  }
  return result;
}

export function formatMs(value: number): string {
  return `${value.toFixed(2)} ms`;
}

export function nowMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Runs `work` `runs` times in a row; the duration of each run in ms. */
export async function timeIt(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = nowMs();
    await work();
    samples.push(nowMs() - start);
  }
  return samples;
}
