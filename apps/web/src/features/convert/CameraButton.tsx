import { useRef, useState } from 'react';
import { MESSAGES } from '@tracery/contracts';
import { toast } from 'sonner';
import { Dialog } from '../../components/Dialog';
import { CameraIcon } from '../../components/icons';

/** "Use Camera": a live preview of the (rear) camera; Take photo queues it like a dropped file. */
export function CameraButton({ onPhoto }: { onPhoto(file: File): void }) {
  const [stream, setStream] = useState<MediaStream | null>(null);

  async function start() {
    try {
      setStream(
        await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }),
      );
    } catch (error) {
      const missing = error instanceof DOMException && error.name === 'NotFoundError';
      toast.error(missing ? MESSAGES.cameraNotFound : MESSAGES.cameraDenied);
    }
  }

  function stop() {
    stream?.getTracks().forEach((t) => t.stop());
    setStream(null);
  }

  return (
    <>
      <button
        type="button"
        onClick={() => void start()}
        disabled={Boolean(stream)}
        className="inline-flex items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm font-medium hover:bg-canvas disabled:opacity-60"
      >
        <CameraIcon size={18} />
        {stream ? 'Camera on' : 'Use Camera'}
      </button>
      {stream && (
        <CameraDialog
          stream={stream}
          onClose={stop}
          onPhoto={(file) => {
            stop();
            onPhoto(file);
            toast.success(MESSAGES.cameraPhotoAdded);
          }}
        />
      )}
    </>
  );
}

function CameraDialog({
  stream,
  onClose,
  onPhoto,
}: {
  stream: MediaStream;
  onClose(): void;
  onPhoto(file: File): void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);

  function take() {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    canvas.toBlob((blob) => {
      if (!blob) return;
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
      onPhoto(new File([blob], `camera-${stamp}.png`, { type: 'image/png' }));
    }, 'image/png');
  }

  return (
    <Dialog title="Take a photo" onClose={onClose}>
      <video
        // A callback ref: the dialog's portal mounts the video after this component's effects.
        ref={(v) => {
          video.current = v;
          if (v && v.srcObject !== stream) v.srcObject = stream;
        }}
        autoPlay
        playsInline
        muted
        onLoadedMetadata={() => setReady(true)}
        aria-label="Camera preview"
        className="mt-4 aspect-video w-full rounded-lg bg-slate-900 object-contain"
      />
      <div className="mt-4 flex justify-end gap-2">
        <button
          type="button"
          onClick={onClose}
          className="rounded-lg border border-line px-4 py-2 text-sm font-medium hover:bg-canvas"
        >
          Cancel
        </button>
        <button
          type="button"
          onClick={take}
          disabled={!ready}
          className="btn-primary rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-50"
        >
          Take photo
        </button>
      </div>
    </Dialog>
  );
}
