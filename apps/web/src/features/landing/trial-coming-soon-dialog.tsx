import { FileText, Sparkles } from 'lucide-react';
import { TRIAL_QUESTION_LIMIT } from '@app/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/** The no-signup document trial ships in a later release; this says so plainly. */
export function TrialComingSoonDialog({
  open,
  onOpenChange,
  fileName,
  onSignUp,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  fileName: string | null;
  onSignUp(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="sm">
        <DialogHeader>
          <span className="mb-2 flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            <Sparkles className="size-5" aria-hidden="true" />
          </span>
          <DialogTitle>Document trial coming soon</DialogTitle>
          <DialogDescription>
            Soon you will be able to upload one PDF, DOCX or TXT document and ask{' '}
            {TRIAL_QUESTION_LIMIT} questions about it, with no account. It is not available yet.
          </DialogDescription>
        </DialogHeader>
        {fileName ? (
          <p className="flex items-center gap-2 rounded-lg border border-ink-200 bg-ink-50 px-3 py-2 text-sm text-ink-700">
            <FileText className="size-4 shrink-0 text-ink-500" aria-hidden="true" />
            <span className="min-w-0 truncate">
              You picked <span className="font-medium text-ink-900">{fileName}</span>. It was not
              uploaded.
            </span>
          </p>
        ) : null}
        <p className="mt-4 text-sm leading-relaxed text-ink-600">
          In the meantime, create an account to load your syllabus and course materials into your
          own assistant.
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
          <Button onClick={onSignUp}>Sign Up</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
