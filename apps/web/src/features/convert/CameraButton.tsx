import { useState } from 'react';
import { MESSAGES } from '@tracery/contracts';
import { toast } from 'sonner';
import { CameraIcon } from '../../components/icons';

const CAMERA_PREVIEW_MS = 3000;

export function CameraButton() {
  const [active, setActive] = useState(false);

  async function start() {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
      });
      setActive(true);
      toast.success(MESSAGES.cameraActivated);
      setTimeout(() => {
        stream.getTracks().forEach((t) => t.stop());
        setActive(false);
      }, CAMERA_PREVIEW_MS);
    } catch {
      toast.error(MESSAGES.cameraDenied);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void start()}
      disabled={active}
      className="inline-flex items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm font-medium hover:bg-canvas disabled:opacity-60"
    >
      <CameraIcon size={18} />
      {active ? 'Camera on' : 'Use Camera'}
    </button>
  );
}
