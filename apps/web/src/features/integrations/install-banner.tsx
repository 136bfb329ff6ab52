import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { X } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { INTEGRATION_TEXT, SUCCESS_BANNER_MS } from './messages';

/**
 * SPEC §2: `slack_install=success` and `error` are read once, then removed from the URL (a reload
 * does not show them again). Success shows for 5 s; a failure stays until dismissed.
 */
export function InstallBanner() {
  const [params, setParams] = useSearchParams();
  const [success, setSuccess] = useState(() => params.get('slack_install') === 'success');
  const [error, setError] = useState(() => params.get('error'));

  const present = params.has('slack_install') || params.has('error');
  useEffect(() => {
    if (!present) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('slack_install');
        next.delete('error');
        return next;
      },
      { replace: true },
    );
  }, [present, setParams]);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(false), SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [success]);

  if (!success && !error) return null;
  return (
    <div className="space-y-3">
      {success ? <Alert variant="success">{INTEGRATION_TEXT.connected}</Alert> : null}
      {error ? (
        <div className="relative">
          <Alert variant="danger" className="pr-12">
            {INTEGRATION_TEXT.connectionFailed(error)}
          </Alert>
          <Button
            variant="ghost"
            size="icon-sm"
            className="absolute top-2 right-2 text-danger-700 hover:bg-danger-100"
            aria-label="Dismiss"
            onClick={() => setError(null)}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : null}
    </div>
  );
}
