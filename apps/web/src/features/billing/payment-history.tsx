import { useState } from 'react';
import { Receipt, RefreshCw } from 'lucide-react';
import type { PaymentRecord } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
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

export function PaymentHistory() {
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
            <p className="text-sm text-ink-600">Charges appear here once your trial ends.</p>
          </div>
        ) : (
          <>
            <div className="-mx-6 overflow-x-auto px-6">
              <table className="w-full min-w-[34rem] text-left text-sm">
                <caption className="sr-only">Payments</caption>
                <thead>
                  <tr className="border-b border-ink-200 text-xs tracking-wide text-ink-600 uppercase">
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      Date
                    </th>
                    <th scope="col" className="py-2 pr-4 font-semibold">
                      Description
                    </th>
                    <th scope="col" className="py-2 pr-4 text-right font-semibold">
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
                    return (
                      <tr key={payment.id}>
                        <td className="py-3 pr-4 whitespace-nowrap text-ink-700">
                          {formatShortDate(payment.created_at) ?? '—'}
                        </td>
                        <td className="py-3 pr-4 text-ink-900">
                          {payment.description}
                          {payment.description.includes(payment.season_name) ? null : (
                            <span className="block text-xs text-ink-600">
                              {payment.season_name}
                            </span>
                          )}
                        </td>
                        <td className="py-3 pr-4 text-right font-medium whitespace-nowrap text-ink-900 tabular-nums">
                          {formatUsdExact(payment.amount)}
                        </td>
                        <td className="py-3">
                          <Badge variant={status.variant}>{status.label}</Badge>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
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
