import { track } from './analytics';

/** Good-experience thresholds reported with each measure (§9). */
export const VITALS_THRESHOLDS = { LCP: 2500, FID: 100, CLS: 0.1, INP: 200 } as const;

/** Loads web-vitals after start-up (kept out of the critical path) and reports LCP, INP (FID's successor) and CLS. */
export function reportWebVitals(): void {
  void import('web-vitals').then(({ onLCP, onCLS, onINP }) => {
    const send = (metric: { name: string; value: number; rating: string; id: string }) => {
      const threshold = VITALS_THRESHOLDS[metric.name as keyof typeof VITALS_THRESHOLDS];
      track('performance', {
        metric: metric.name,
        value: Math.round(metric.name === 'CLS' ? metric.value * 1000 : metric.value),
        rating: metric.rating,
        within_threshold: threshold === undefined ? undefined : metric.value <= threshold,
        metric_id: metric.id,
      });
    };
    onLCP(send);
    onCLS(send);
    onINP(send);
  });
}
