import { classChoiceName } from '@/lib/class-groups';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import type { ClassGroup } from '@/lib/class-groups';
import { cn } from '@/lib/utils';

/** A class picker grouped by semester (Chat History, and /chats below 1024 px). */
export function ClassSelect({
  groups,
  value,
  onChange,
  className,
  pending,
}: {
  groups: ClassGroup[];
  value: string;
  onChange(classId: string): void;
  className?: string;
  /** pending contact requests per class id */
  pending?: ReadonlyMap<string, number>;
}) {
  return (
    <Field label="Class" className={cn('min-w-0', className)}>
      <Select value={value} onChange={(e) => onChange(e.target.value)}>
        {groups.map((group) => (
          <optgroup key={group.key} label={group.label}>
            {group.classes.map((item) => (
              <option key={item.id} value={item.id}>
                {classChoiceName(item)}
                {item.is_active ? '' : ' · inactive'}
                {pending?.get(item.id) ? ` · ${pending.get(item.id)} waiting` : ''}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
    </Field>
  );
}
