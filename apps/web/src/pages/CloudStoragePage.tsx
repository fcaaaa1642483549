import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CLOUD_PROVIDER_NAMES, CloudProviderSchema } from '@tracery/contracts';
import { toast } from 'sonner';
import { Page, Section } from '../components/Page';
import { useAuth } from '../features/auth/useAuth';
import { ConnectionCard } from '../features/cloud/ConnectionCard';
import { RecentSaves } from '../features/cloud/RecentSaves';
import { useCloudConnections } from '../features/cloud/SaveToCloud';
import { queryKeys } from '../lib/queryKeys';

/** What the provider's redirect back said (?provider=…&connected=1 or &error=…), read once. */
function useConnectReturn(): string | null {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const provider = CloudProviderSchema.safeParse(params.get('provider'));
    if (!provider.success) return;
    if (params.get('connected') === '1') {
      toast.success(`${CLOUD_PROVIDER_NAMES[provider.data]} connected`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.cloud.all });
    } else if (params.get('error')) setError(params.get('error'));
    setParams({}, { replace: true });
  }, [params, setParams, queryClient]);
  return error;
}

function Connections() {
  const { data, isError } = useCloudConnections();
  if (isError) return <p role="alert">The connections could not be loaded. Try again shortly.</p>;
  if (!data) return <p className="text-muted">Loading your connections...</p>;
  return (
    <>
      {!data.allowed && (
        <p className="mb-4 rounded-xl border border-line bg-surface p-4 text-sm">
          Saving to cloud storage is part of every paid plan. Your plan can see it here; upgrade to
          connect a provider.
        </p>
      )}
      <ul className="grid gap-4 md:grid-cols-3" aria-label="Cloud storage providers">
        {data.connections.map((c) => (
          <ConnectionCard
            key={c.provider}
            connection={c}
            allowed={data.allowed}
            planRequired={data.plan_required}
          />
        ))}
      </ul>
    </>
  );
}

export default function CloudStoragePage() {
  const { user, openAuthDialog } = useAuth();
  const returnError = useConnectReturn();
  return (
    <Page
      title="Save results to cloud storage"
      lead="Connect Google Drive, Dropbox or OneDrive once, then send any finished result, or a whole batch, straight into a Tracery folder there. Tracery keeps each result only for your plan's retention period; your cloud keeps it for good."
    >
      {returnError && (
        <p role="alert" className="mb-4 rounded-xl border border-red-300 p-4 text-sm">
          {returnError}
        </p>
      )}
      {user ? (
        <Connections />
      ) : (
        <p>
          <button
            type="button"
            onClick={() => openAuthDialog('signin')}
            className="font-semibold text-brand underline"
          >
            Log in
          </button>{' '}
          to connect your cloud storage.
        </p>
      )}
      {user && (
        <Section title="Latest saves">
          <RecentSaves />
        </Section>
      )}
      <Section title="How saving works">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Tracery asks only for its own folder: a Tracery folder in My Drive (Google Drive), the
            Apps/Tracery app folder (Dropbox, OneDrive). It cannot see your other files.
          </li>
          <li>
            Results keep the original file name with the new extension (logo.png becomes logo.svg);
            a name that exists already gets a number, nothing is overwritten.
          </li>
          <li>
            A whole batch goes into a subfolder named after the batch, or as one ZIP. Saving carries
            on in the background if you close the page.
          </li>
          <li>
            Disconnecting revokes Tracery&apos;s access with the provider (Microsoft offers no way
            to revoke one app: remove Tracery under your Microsoft account&apos;s app permissions)
            and deletes its tokens here.
          </li>
        </ul>
      </Section>
      <Section title="How long Tracery keeps files">
        <p>
          Free: 24 hours. Basic: 72 hours. Pro: 7 days. Business: 30 days. After that the result is
          deleted from our storage and the history entry shows it as expired.
        </p>
      </Section>
    </Page>
  );
}
