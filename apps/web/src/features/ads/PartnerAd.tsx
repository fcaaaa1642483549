import { useEffect, useRef } from 'react';
import { useScript } from '../../lib/useScript';
import { HouseAd } from './HouseAd';

const SCRIPT = 'https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js';
const SCRIPT_ATTRS = { crossorigin: 'anonymous' };

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

/** One AdSense unit; our house ad when the network's script cannot be loaded (blocked, offline). */
export function PartnerAd({
  client,
  slot,
  minHeight,
}: {
  client: string;
  slot: string;
  minHeight: number;
}) {
  const status = useScript(`${SCRIPT}?client=${encodeURIComponent(client)}`, SCRIPT_ATTRS);
  const unit = useRef<HTMLModElement>(null);
  useEffect(() => {
    // AdSense fills each <ins> once per push and marks it; a re-render must not push again.
    if (status !== 'resolved' || !unit.current || unit.current.dataset.adsbygoogleStatus) return;
    (window.adsbygoogle ??= []).push({});
  }, [status]);
  if (status === 'rejected') return <HouseAd />;
  return (
    <ins
      ref={unit}
      className="adsbygoogle"
      style={{ display: 'block', minHeight }}
      data-ad-client={client}
      data-ad-slot={slot}
      data-ad-format="auto"
      data-full-width-responsive="true"
    />
  );
}
