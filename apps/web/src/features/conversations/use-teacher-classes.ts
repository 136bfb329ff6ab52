import { useMemo } from 'react';
import { groupClasses } from '@/lib/class-groups';
import { useLogFailure } from './load-error';
import { useClassList } from '@/lib/api/get-classes';

/** The teacher's classes grouped by semester, the current season marked (as on the dashboard). */
export function useTeacherClasses() {
  const list = useClassList();
  useLogFailure(list.error, 'Classes');
  const classes = list.data?.classes;
  const season = list.data?.billing_summary?.season_name;
  const groups = useMemo(() => groupClasses(classes ?? [], season), [classes, season]);
  return { list, groups };
}
