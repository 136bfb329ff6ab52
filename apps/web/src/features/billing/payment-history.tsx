import { useState } from 'react';
import { Receipt, RefreshCw } from 'lucide-react';
import type { PaymentRecord } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { Skeleton } from '@/components/ui/skeleton';
import { formatShortDate, formatUsdExact } from '@/lib/format';
import { usePaymentHistory } from './api/get-payment-history';

const STATUS: Record<
  PaymentRecord['status'],
  { label: string; variant: 'success' | 'warning' | 'danger' | 'neutral' }
> = {
  succeeded: { label: 'Paid', variant: 'success' },
  pending: { label: 'Pending', variant: 'warning' },
  failed: { label: 'Failed', variant: 'danger' },
  not_charged: { label: 'Not charged', variant: 'neutral' },
};

/** The plan's and add-ons' payments; `trialing` says when the first charge comes. */
export function PaymentHistory({ trialing }: { trialing: boolean }) {
  const [page, setPage] = useState(1);
  const history = usePaymentHistory(page);
  const data = history.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;

  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold text-ink-900">Payment history</h2>
        <CardDescription>Your plan and add-on class payments.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isError && !data ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="text-sm text-ink-700">Payments could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try Again
            </Button>
          </div>
        ) : !data ? (
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only" role="status">
              Loading payments
            </span>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : data.payments.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-ink-300 py-10 text-center">
            <Receipt className="size-6 text-ink-500" aria-hidden="true" />
            <p className="font-medium text-ink-900">No payments yet</p>
            <p className="text-sm text-ink-600">
              {trialing
                ? 'Charges appear here once your trial ends.'
                : 'Your plan and add-on charges appear here.'}
            </p>
          </div>
        ) : (
          <>
            {/* On a phone (below 640 px) the date goes above the description: four columns fit
                in three. Should a row still be too wide, the region scrolls and takes focus. */}
            <ScrollRegion label="Payment history table">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Payments</caption>
                <thead>
                  <tr className="border-b border-ink-200 text-xs tracking-wide text-ink-600 uppercase">
                    <th scope="col" className="hidden py-2 pr-4 font-semibold sm:table-cell">
                      Date
                    </th>
                    <th scope="col" className="py-2 pr-3 font-semibold sm:pr-4">
                      {/* the date and the description: "Payment" is shorter, for a narrow phone */}
                      <span className="sm:hidden">Payment</span>
                      <span className="hidden sm:inline">Description</span>
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-semibold sm:pr-4">
                      Amount
                    </th>
                    <th scope="col" className="py-2 font-semibold">
                      Status
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-ink-100">
                  {data.payments.map((payment) => {
                    const status = STATUS[payment.status] ?? {
                      label: payment.status,
                      variant: 'neutral' as const,
                    };
                    const date = formatShortDate(payment.created_at) ?? '—';
                    return (
                      <tr key={payment.id}>
                        <td className="hidden py-3 pr-4 whitespace-nowrap text-ink-700 sm:table-cell">
                          {date}
                        </td>
                        <td className="py-3 pr-3 break-words text-ink-900 sm:pr-4">
                          <span className="block text-xs text-ink-600 sm:hidden">{date}</span>
                          {payment.description}
                          {payment.description.includes(payment.season_name) ? null : (
                            <span className="block text-xs text-ink-600">
                              {payment.season_name}
                            </span>
                          )}
                        </td>
                        <td className="py-3 pr-3 text-right font-medium whitespace-nowrap text-ink-900 tabular-nums sm:pr-4">
                          {formatUsdExact(payment.amount)}
                        </td>
                        <td className="py-3">
                          {/* "Not charged" takes two lines only on the narrowest phones */}
                          <Badge
                            variant={status.variant}
                            className="whitespace-normal min-[360px]:whitespace-nowrap"
                          >
                            {status.label}
                          </Badge>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
            {pages > 1 ? (
              <nav
                aria-label="Payment history pages"
                className="mt-4 flex items-center justify-between gap-3 border-t border-ink-100 pt-4"
              >
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1 || history.isFetching}
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                >
                  Previous
                </Button>
                <p className="text-sm text-ink-700">
                  Page {data.page} of {pages}
                </p>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages || history.isFetching}
                  onClick={() => setPage((p) => Math.min(pages, p + 1))}
                >
                  Next
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
