import { MessageCircleQuestion } from 'lucide-react';
import { SimplePublicLayout } from '@/components/layout/simple-public-layout';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';

export function StudentChatPage() {
  useDocumentTitle('Class chat');
  return (
    <SimplePublicLayout>
      <Card className="w-full max-w-lg p-8 text-center sm:p-10">
        <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
          <MessageCircleQuestion className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-2xl font-semibold tracking-tight text-ink-900">Class chat</h1>
        <p className="mt-2 text-sm leading-relaxed text-ink-600">
          This is where students will ask questions about the course, answered from the
          teacher&apos;s syllabus and materials. Student chat opens in an upcoming release.
        </p>
      </Card>
    </SimplePublicLayout>
  );
}
