import type { Analytics } from '@app/contracts';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { countOf } from '../analytics-format';
import { contentTypeLabel } from '@/lib/content-types';

/** Every uploaded item by how often answers cited it; the never-cited ones stand out. */
export function MaterialUsage({ usage }: { usage: Analytics['content_usage'] }) {
  const most = Math.max(1, ...usage.map((item) => item.citations));
  const never = usage.filter((item) => item.citations === 0).length;
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="material-usage-title">
        <h3 id="material-usage-title" className="text-base font-semibold text-ink-900">
          Material usage
        </h3>
        <p className="mt-0.5 text-sm text-ink-600">
          How often answers cited each item you uploaded
          {never > 0 ? ` · ${countOf(never, 'item')} never cited` : ''}.
        </p>
        {usage.length === 0 ? (
          <p className="mt-4 text-sm text-ink-600">No material uploaded to this class yet.</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Material usage: citations per item</caption>
              <thead className="text-xs font-semibold text-ink-600">
                <tr className="border-b border-ink-200">
                  <th scope="col" className="py-2 pr-3">
                    Item
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
                    Type
                  </th>
                  <th scope="col" className="w-2/5 py-2 text-right sm:w-1/3">
                    Citations
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100">
                {usage.map((item) => (
                  <tr key={item.content_id}>
                    <th scope="row" className="py-2.5 pr-3 align-top font-medium text-ink-900">
                      <span className="break-words">{item.title}</span>
                      <span className="mt-0.5 block text-xs font-normal text-ink-600 sm:hidden">
                        {contentTypeLabel(item.content_type)}
                      </span>
                    </th>
                    <td className="hidden py-2.5 pr-3 align-top text-ink-700 sm:table-cell">
                      {contentTypeLabel(item.content_type)}
                    </td>
                    <td className="py-2.5 align-top">
                      {item.citations === 0 ? (
                        <div className="flex justify-end">
                          <Badge variant="warning">Never cited</Badge>
                        </div>
                      ) : (
                        <div className="flex items-center justify-end gap-2">
                          <div
                            aria-hidden="true"
                            className="hidden h-2 flex-1 rounded-full bg-ink-100 sm:block"
                          >
                            <div
                              className="h-2 rounded-full bg-brand-500"
                              style={{ width: `${(item.citations / most) * 100}%` }}
                            />
                          </div>
                          <span className="w-10 text-right font-semibold text-ink-900 tabular-nums">
                            {item.citations.toLocaleString('en-US')}
                          </span>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Card>
  );
}
