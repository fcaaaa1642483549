import type {
  ConversionResult,
  CostEstimate,
  Health,
  HistoryResponse,
  OutputFormat,
  QualityTier,
} from '@tracery/contracts';
import { COMPLEXITY_DEFAULT } from '@tracery/contracts';
import { api } from '../../lib/api';

export function uploadConversion(
  file: File,
  outputFormat: OutputFormat,
  tier: QualityTier,
): Promise<ConversionResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('output_format', outputFormat);
  form.append('quality_tier', tier);
  return api<ConversionResult>('/convert/upload', { method: 'POST', body: form, auth: true });
}

export function fetchHistory(page = 1, pageSize = 20): Promise<HistoryResponse> {
  return api<HistoryResponse>(`/convert/history?page=${page}&page_size=${pageSize}`, {
    auth: true,
  });
}

export function fetchCostEstimate(
  fileSize: number,
  tier: QualityTier,
  signal?: AbortSignal,
): Promise<CostEstimate> {
  const q = new URLSearchParams({
    file_size: String(fileSize),
    complexity: String(COMPLEXITY_DEFAULT),
    quality_tier: tier,
  });
  return api<CostEstimate>(`/analytics/credit-optimization?${q}`, { auth: true, signal });
}

export function fetchHealth(): Promise<Health> {
  return api<Health>('/system/health');
}
