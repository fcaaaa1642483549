import { useCallback, type KeyboardEvent } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { ACCEPTED_UPLOAD_TYPES } from '@tracery/contracts';
import { toast } from 'sonner';
import { UploadIcon } from '../../components/icons';
import { rejectionMessages } from './rejections';
import { CameraButton } from './CameraButton';

interface UploadAreaProps {
  onFiles(files: File[]): void;
  maxFiles?: number;
  /** Also take one ZIP of images (the batch page: the server unpacks it). */
  zip?: boolean;
}

const ZIP_TYPES = { 'application/zip': ['.zip'], 'application/x-zip-compressed': ['.zip'] };

export function UploadArea({ onFiles, maxFiles, zip = false }: UploadAreaProps) {
  const onDrop = useCallback(
    (accepted: File[], rejections: FileRejection[]) => {
      for (const message of rejectionMessages(rejections, { maxFiles })) toast.error(message);
      onFiles(accepted);
    },
    [onFiles, maxFiles],
  );
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop,
    accept: zip ? { ...ACCEPTED_UPLOAD_TYPES, ...ZIP_TYPES } : ACCEPTED_UPLOAD_TYPES,
    multiple: true,
    maxFiles: maxFiles ?? 0,
    noKeyboard: true,
  });

  // Enter or Space on the area opens the picker, a moment after the key event: opening it inside
  // the keydown handler races with tools that intercept the file chooser (Playwright's
  // waitForEvent('filechooser')), and 50 ms is not noticeable to a person.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget || (e.key !== 'Enter' && e.key !== ' ')) return;
    e.preventDefault();
    setTimeout(open, 50);
  };

  return (
    <div className="space-y-3">
      <div
        {...getRootProps({
          // A group, not a button: it contains the file input, and buttons may not nest controls.
          role: 'group',
          'aria-label': `Upload area: drop JPG, PNG, GIF or BMP files${zip ? ' (or one ZIP of them)' : ''} here, or press Enter to choose files`,
          'aria-describedby': 'upload-hint',
        })}
        // After the spread: with noKeyboard, getRootProps drops keyboard handlers and the tab stop.
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-testid="upload-area"
        className={`flex cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed px-6 py-10 text-center transition-colors ${
          isDragActive ? 'border-brand bg-brand-soft' : 'border-line bg-surface hover:border-brand'
        }`}
      >
        <input {...getInputProps({ 'aria-label': 'Choose images to convert' })} />
        <span className="mb-3 rounded-full bg-brand-soft p-3 text-brand">
          <UploadIcon size={28} />
        </span>
        <p className="text-lg font-semibold">
          {isDragActive ? 'Drop the images here' : 'Drop images here or click to browse'}
        </p>
        <p id="upload-hint" className="mt-1 text-sm text-muted">
          JPG, PNG, GIF or BMP{zip ? ', or one ZIP of them' : ''}. Add several at once; each
          conversion is counted per image.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          onClick={open}
          className="rounded-lg border border-line bg-surface px-3 py-2 text-sm font-medium hover:bg-canvas"
        >
          Browse files
        </button>
        <CameraButton onPhoto={(file) => onFiles([file])} />
      </div>
    </div>
  );
}
