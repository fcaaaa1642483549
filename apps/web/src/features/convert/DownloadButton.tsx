import type { OutputFormat } from '@tracery/contracts';
import { DownloadIcon, SpinnerIcon } from '../../components/icons';
import { downloadFile, outputFilename } from '../../lib/api';
import { track } from '../../lib/analytics';
import { markOnboardingProgress } from '../tutorial/storage';
import { SaveToCloud } from '../cloud/SaveToCloud';
import { useApiAction } from '../../lib/useApiAction';

interface Props {
  url: string;
  originalName: string;
  format: OutputFormat;
  /** The button's text (default "Download"). */
  label?: string;
  /** A quieter, outlined button beside a primary one. */
  secondary?: boolean;
}

export function DownloadButton({ url, originalName, format, label, secondary }: Props) {
  const { busy, run } = useApiAction();
  const filename = outputFilename(originalName, format);

  const onClick = () =>
    run('Download failed', async () => {
      await downloadFile(url, filename);
      track('file_download', { format, file_name: filename });
      markOnboardingProgress('hasDownloaded');
    });

  return (
    <button
      type="button"
      onClick={() => void onClick()}
      disabled={busy}
      title={`Save ${filename}`}
      className={`${secondary ? 'border border-line bg-surface hover:bg-canvas' : 'btn-primary'} inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-70`}
    >
      {busy ? <SpinnerIcon size={16} /> : <DownloadIcon size={16} />}
      {label ?? 'Download'}
    </button>
  );
}

/** A finished conversion's two ways out: download it, or save it to a cloud drive. */
export function DownloadOrSave({
  conversion,
}: {
  conversion: {
    id: string;
    result_url: string;
    original_filename: string;
    output_format: OutputFormat;
  };
}) {
  return (
    <>
      <DownloadButton
        url={conversion.result_url}
        originalName={conversion.original_filename}
        format={conversion.output_format}
      />
      <SaveToCloud target={{ conversion_id: conversion.id }} />
    </>
  );
}
