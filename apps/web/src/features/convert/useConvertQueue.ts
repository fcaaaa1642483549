import { useCallback, useState } from 'react';
import {
  FORMATS,
  MESSAGES,
  type ConversionOptions,
  type ConversionResult,
  type OutputFormat,
  type QualityTier,
} from '@tracery/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api';
import { track, trackException } from '../../lib/analytics';
import { useAuth } from '../auth/useAuth';
import { useOnAccountLeft } from '../auth/useOnAccountLeft';
import { useAccessibility } from '../accessibility/useAccessibility';
import { uploadConversion } from './api';
import { markOnboardingProgress } from '../tutorial/storage';
import { newQueuedFile, type QueuedFile } from './types';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The queued files and finished results of the converter, and the convert action (callers make
 * sure someone is signed in first). Signing out, or in as someone else, empties both lists.
 */
export function useConvertQueue(
  outputFormat: OutputFormat,
  tier: QualityTier,
  options: ConversionOptions,
) {
  const { setCredits } = useAuth();
  const { announce } = useAccessibility();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [results, setResults] = useState<ConversionResult[]>([]);
  const [originals, setOriginals] = useState<Record<string, File>>({});

  useOnAccountLeft(() => {
    setFiles([]);
    setResults([]);
    setOriginals({});
  });

  const addFiles = useCallback((added: File[]) => {
    if (added.length === 0) return;
    setFiles((prev) => [...prev, ...added.map(newQueuedFile)]);
    markOnboardingProgress('hasUploaded');
    track('file_upload', {
      file_count: added.length,
      file_types: added.map((f) => f.type).join(','),
    });
  }, []);

  const removeFile = useCallback(
    (id: string) => setFiles((prev) => prev.filter((f) => f.id !== id)),
    [],
  );
  /** An errored file goes back to ready (e.g. after choosing a format the plan includes). */
  const retryFile = useCallback(
    (id: string) =>
      setFiles((prev) =>
        prev.map((f) =>
          f.id === id && f.status === 'error' ? { ...f, status: 'ready', error: undefined } : f,
        ),
      ),
    [],
  );

  const patch = (id: string, change: Partial<QueuedFile>) =>
    setFiles((prev) => prev.map((f) => (f.id === id ? { ...f, ...change } : f)));

  const converting = files.some((f) => f.status === 'converting');

  const convert = useCallback(
    async (item: QueuedFile) => {
      patch(item.id, { status: 'converting', error: undefined });
      announce(`Converting ${item.file.name}`);
      try {
        const result = await uploadConversion(item.file, outputFormat, tier, options);
        patch(item.id, { status: 'completed' });
        setResults((prev) => [result, ...prev]);
        setOriginals((prev) => ({ ...prev, [result.id]: item.file }));
        setCredits(result.credits_remaining);
        markOnboardingProgress('hasConverted');
        announce(
          `${item.file.name} converted to ${FORMATS[result.output_format].label}`,
          'success',
        );
        track('conversion', {
          output_format: result.output_format,
          file_size: item.file.size,
          result: 'success',
        });
        track('image_conversion', {
          output_format: result.output_format,
          file_size: item.file.size,
          result: 'success',
        });
        track('credit_usage', {
          credits_remaining: result.credits_remaining,
          credits_used: result.credits_cost ?? 1,
        });
        void queryClient.invalidateQueries({ queryKey: queryKeys.history.all });
      } catch (error) {
        const message = errorMessage(error, MESSAGES.conversionFailed);
        patch(item.id, { status: 'error', error: message });
        toast.error(message);
        announce(message, 'error');
        track('conversion', {
          output_format: outputFormat,
          file_size: item.file.size,
          result: 'failed',
        });
        trackException(`conversion: ${message}`);
      }
    },
    [outputFormat, tier, options, setCredits, announce, queryClient],
  );

  return { files, results, originals, addFiles, removeFile, retryFile, convert, converting };
}
