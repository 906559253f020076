/**
 * Server-side downsampling of a series (issue 11 §6: a year of four values a day must paint
 * fast): past `maxPoints`, the values are cut into equal-count buckets (oldest first) and each
 * bucket keeps its lowest and its highest value, in their time order.
 *
 * Why min/max per bucket rather than LTTB: LTTB keeps the points that make the largest triangles
 * and may drop a bucket's extreme, so a value that crossed a threshold (an alert) could vanish
 * from the chart. With min/max, whatever crossed a `>`/`>=` boundary in a bucket, that bucket's
 * maximum crossed it too and is drawn (and likewise minima for `<`/`<=`); the global extremes are
 * always kept. The client's echarts `sampling: 'lttb'` then only thins what a pixel cannot show.
 *
 * Bounds: ⌊maxPoints/2⌋ buckets at most, two points each, so never more than maxPoints; the
 * order of the input is kept; a series at or under maxPoints is returned as it is.
 *
 * The series route runs this contract in SQL (series-points.ts, issue 18: the server never reads
 * five years of values to send a thousand); this is its reference, which tests compare it with.
 */
export interface TimedValue { at: Date | string; value: number }

export function downsampleMinMax<T extends TimedValue>(points: readonly T[], maxPoints: number): T[] {
  if (points.length <= maxPoints) return [...points];
  const buckets = Math.max(1, Math.floor(maxPoints / 2));
  const size = Math.ceil(points.length / buckets);
  const kept: T[] = [];
  for (let start = 0; start < points.length; start += size) {
    const end = Math.min(start + size, points.length);
    let low = start;
    let high = start;
    for (let i = start + 1; i < end; i++) {
      if (points[i]!.value < points[low]!.value) low = i;
      if (points[i]!.value > points[high]!.value) high = i;
    }
    if (low === high) kept.push(points[low]!);
    else if (low < high) kept.push(points[low]!, points[high]!);
    else kept.push(points[high]!, points[low]!);
  }
  return kept;
}
