import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useLayoutEffect,
  useRef,
  type ComponentPropsWithoutRef,
  type ElementRef,
  type ForwardedRef,
  type HTMLAttributes,
  type RefObject,
} from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The element that had focus when a dialog opened: focus goes back to it on close. */
type OpenerRef = RefObject<HTMLElement | null>;
const OpenerContext = createContext<OpenerRef | null>(null);
/** The opener of each open dialog's content, so a dialog that replaces another can inherit it. */
const openersByContent = new WeakMap<Element, OpenerRef>();

function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Radix Dialog's root. Radix returns focus on close only to a `Dialog.Trigger`; most of our
 * dialogs open from their own state (no Trigger), or their opener is gone by then, so focus fell
 * to <body>. This root remembers what had focus as the dialog opened — before the content, which
 * may autofocus a field, is in the page (the portal mounts it one commit later) — and the content
 * (`DialogContent`, or any `Dialog.Content` given `useReturnFocus`) puts focus back there.
 */
export function Dialog({
  open,
  onOpenChange,
  ...props
}: ComponentPropsWithoutRef<typeof DialogPrimitive.Root>) {
  const opener = useRef<HTMLElement | null>(null);
  // a controlled dialog opened from its own state
  useLayoutEffect(() => {
    if (open) opener.current = focusedElement();
  }, [open]);
  return (
    <OpenerContext.Provider value={opener}>
      <DialogPrimitive.Root
        open={open}
        onOpenChange={(next) => {
          // a Trigger (or an uncontrolled dialog) opening it
          if (next && !open) opener.current = focusedElement();
          onOpenChange?.(next);
        }}
        {...props}
      />
    </OpenerContext.Provider>
  );
}

/**
 * `ref` and `onCloseAutoFocus` for a `Dialog.Content` inside `Dialog`: on close, focus goes back
 * to the element that opened it (after the caller's own `onCloseAutoFocus`, unless that prevented
 * the default). When that element has gone and another dialog took over (Sign in → Create an
 * account), the new dialog inherits the opener and returns focus there when it closes.
 */
export function useReturnFocus<T extends HTMLElement>(
  forwardedRef?: ForwardedRef<T>,
  onCloseAutoFocus?: (event: Event) => void,
) {
  const opener = useContext(OpenerContext);
  const ref = useCallback(
    (node: T | null) => {
      if (node && opener) openersByContent.set(node, opener);
      if (typeof forwardedRef === 'function') forwardedRef(node);
      else if (forwardedRef) forwardedRef.current = node;
    },
    [forwardedRef, opener],
  );
  const onClose = useCallback(
    (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented || !opener) return;
      const target = opener.current;
      const holder = document.activeElement?.closest('[role="dialog"]');
      const successor = holder ? openersByContent.get(holder) : undefined;
      if (successor && successor !== opener && !(target && holder?.contains(target))) {
        // another dialog has focus now: leave it there, and give it our opener if it has none
        event.preventDefault();
        if (!successor.current?.isConnected) successor.current = target;
        return;
      }
      if (!target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
    [onCloseAutoFocus, opener],
  );
  return { ref, onCloseAutoFocus: onClose };
}

const DialogPortal = DialogPrimitive.Portal;

const DialogOverlay = forwardRef<
  ElementRef<typeof DialogPrimitive.Overlay>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>
>(({ className, ...props }, ref) => (
  <DialogPrimitive.Overlay
    ref={ref}
    className={cn(
      'fixed inset-0 z-50 bg-ink-950/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in',
      className,
    )}
    {...props}
  />
));
DialogOverlay.displayName = 'DialogOverlay';

const widths = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' } as const;

interface DialogContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  size?: keyof typeof widths;
  /** Hide the corner close button (when the dialog has its own). */
  hideClose?: boolean;
}

/** Centred modal; Radix traps focus and closes on Escape; focus returns to the opener on close. */
export const DialogContent = forwardRef<
  ElementRef<typeof DialogPrimitive.Content>,
  DialogContentProps
>(({ className, children, size = 'sm', hideClose = false, onCloseAutoFocus, ...props }, ref) => {
  const returnFocus = useReturnFocus(ref, onCloseAutoFocus);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        ref={returnFocus.ref}
        onCloseAutoFocus={returnFocus.onCloseAutoFocus}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-ink-200 bg-white p-6 shadow-raised focus:outline-none data-[state=open]:animate-dialog-in sm:p-8',
          widths[size],
          className,
        )}
        {...props}
      >
        {children}
        {hideClose ? null : (
          <DialogPrimitive.Close
            className="absolute top-4 right-4 rounded-md p-1.5 text-ink-600 transition-colors hover:bg-ink-100 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label="Close"
          >
            <X className="size-5" aria-hidden="true" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
});
DialogContent.displayName = 'DialogContent';

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mb-6 flex flex-col gap-1.5 pr-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export const DialogTitle = forwardRef<
  ElementRef<typeof DialogPrimitive.Title>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(({ className, ...props }, ref) => (
  <DialogPrimitive.Title
    ref={ref}
    className={cn('text-xl font-semibold tracking-tight text-ink-900', className)}
    {...props}
  />
));
DialogTitle.displayName = 'DialogTitle';

export const DialogDescription = forwardRef<
  ElementRef<typeof DialogPrimitive.Description>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(({ className, ...props }, ref) => (
  <DialogPrimitive.Description
    ref={ref}
    className={cn('text-sm leading-relaxed text-ink-600', className)}
    {...props}
  />
));
DialogDescription.displayName = 'DialogDescription';
