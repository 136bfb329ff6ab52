import { useState } from 'react';
import { Download } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { errorText } from '@/lib/api-client';
import { downloadManifest } from './api/get-manifest';
import { INTEGRATION_TEXT } from './messages';

/** SPEC §2: the manual setup, and the app manifest for whoever runs the server. */
export function SetupCard({ configured }: { configured: boolean | undefined }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold text-ink-900">Manual setup</h2>
        <CardDescription>Three ways to link a class once a workspace is connected:</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 pt-4">
        <ol className="list-decimal space-y-2 pl-5 text-sm leading-relaxed text-ink-700">
          <li>
            Add the bot to a channel: in the channel, type{' '}
            <code className="rounded bg-ink-100 px-1 py-0.5 text-xs">/invite @Syllabot</code>.
          </li>
          <li>Use the form on this page to link one of your classes to that channel.</li>
          <li>
            Or type <code className="rounded bg-ink-100 px-1 py-0.5 text-xs">/link-class</code> in
            the channel, followed by the class name or id (alone, it lists your classes).
          </li>
        </ol>
        <div className="space-y-2 border-t border-ink-100 pt-4">
          <p className="text-sm text-ink-700">
            {configured === false
              ? `${INTEGRATION_TEXT.noSlackApp} They can create the app from its manifest below.`
              : 'Running your own server? Create the team-chat app from its manifest.'}
          </p>
          <Button
            variant="outline"
            size="sm"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              setError(null);
              try {
                await downloadManifest();
              } catch (failure) {
                setError(errorText(failure, 'Failed to download the app manifest.'));
              } finally {
                setBusy(false);
              }
            }}
          >
            {busy ? null : <Download aria-hidden="true" />}
            Download app manifest
          </Button>
          {error ? <Alert variant="danger">{error}</Alert> : null}
        </div>
      </CardContent>
    </Card>
  );
}
