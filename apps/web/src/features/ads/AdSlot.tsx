import type { AdPlacement } from '@tracery/contracts';
import { setAdConsent, useAdConsent } from './consent';
import { HouseAd } from './HouseAd';
import { PartnerAd } from './PartnerAd';
import { useAdsConfig } from './useAdsConfig';
import { Button } from '../../components/Button';

export type { AdPlacement };

const MIN_HEIGHT: Record<AdPlacement, number> = {
  header: 90,
  footer: 90,
  sidebar: 250,
  content: 300,
  other: 100,
};

/**
 * A labelled advertisement placement for free and anonymous users (callers decide who sees it).
 * The deployment's ad network (AdSense, ADS_CLIENT_ID) fills it only after the visitor agreed in
 * the top slot; until then, and where no network or slot is configured, it shows our house ad.
 */
export function AdSlot({ placement }: { placement: AdPlacement }) {
  const config = useAdsConfig();
  const consent = useAdConsent();
  const client = config?.client_id ?? null;
  const slot = client ? config?.slots[placement] : undefined;
  const asking = client !== null && consent === null && placement === 'header';
  return (
    <div
      data-testid={`ad-${placement}`}
      className="flex flex-col overflow-hidden rounded-xl border border-dashed border-line bg-surface"
      style={{ minHeight: MIN_HEIGHT[placement] }}
    >
      <p className="flex justify-between gap-2 px-3 pt-2 text-[11px] font-semibold tracking-wide text-muted uppercase">
        Advertisement
        {client && consent !== null && (
          <button
            type="button"
            onClick={() => setAdConsent(null)}
            className="font-semibold normal-case underline"
          >
            Ad choices
          </button>
        )}
      </p>
      {asking ? (
        <ConsentPrompt />
      ) : client && slot && consent === 'granted' ? (
        <PartnerAd client={client} slot={slot} minHeight={MIN_HEIGHT[placement]} />
      ) : (
        <HouseAd />
      )}
    </div>
  );
}

function ConsentPrompt() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 px-4 pb-3 text-center">
      <p className="text-sm">
        Free accounts are paid for by ads. Ads from our partner Google AdSense may use cookies to
        choose what you see; without your yes you see only our own.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button size="sm" onClick={() => setAdConsent('granted')}>
          Allow partner ads
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setAdConsent('denied')}>
          Our ads only
        </Button>
      </div>
    </div>
  );
}
