import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { StatusCard } from '@/components/layout/status-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { INSTALL_SUCCESS_REDIRECT_MS, INSTALL_SUCCESS_TARGET } from '@/lib/constants';
import { useDocumentTitle } from '@/lib/use-document-title';

export function InstallSuccessPage() {
  const navigate = useNavigate();
  useDocumentTitle('Workspace connected');

  // 3 s from when the page shows: a re-render (a new `navigate`) must not restart the count
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    const timer = setTimeout(
      () => navigateRef.current(INSTALL_SUCCESS_TARGET),
      INSTALL_SUCCESS_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, []);

  return (
    <StatusCard
      icon={CheckCircle2}
      iconClassName="rounded-full bg-success-50 text-success-600"
      title="Workspace connected"
      description="Your team-chat workspace is now connected to Syllabot. Next, link your classes to channels."
    >
      <p className="mt-6 flex items-center justify-center gap-2 text-sm text-ink-600" role="status">
        <Spinner size="sm" label={null} className="text-brand-600" />
        Taking you to Integrations…
      </p>
      <Button size="lg" className="mt-6 w-full" onClick={() => navigate(INSTALL_SUCCESS_TARGET)}>
        Complete Setup
      </Button>
    </StatusCard>
  );
}
