import { LinearProgress } from '@mui/material';
import type { ComponentType } from 'react';
import { AccessDenied, CanAccess } from 'react-admin';

type Views = { list?: ComponentType<object>; create?: ComponentType<object>; edit?: ComponentType<object>; show?: ComponentType<object> };

/** Renders a view only once `canAccess` said yes: no request goes out, and a refusal is the access-denied page at once. */
function guarded(View: ComponentType<object>, resource: string, action: string): ComponentType<object> {
  return function GuardedView(props: object) {
    return (
      <CanAccess resource={resource} action={action} loading={<LinearProgress />} accessDenied={<AccessDenied />}>
        <View {...props} />
      </CanAccess>
    );
  };
}

/**
 * The one guard of the administration: every view of an admin resource asks `canAccess` before it mounts (the
 * views' own lists would fetch first and show the API's 403).
 */
export function adminResource<Definition extends Views>(resource: string, definition: Definition): Definition {
  const wrap = (view: ComponentType<object> | undefined, action: string) => (view ? guarded(view, resource, action) : undefined);
  return {
    ...definition,
    list: wrap(definition.list, 'list'),
    create: wrap(definition.create, 'create'),
    edit: wrap(definition.edit, 'edit'),
    show: wrap(definition.show, 'show'),
  };
}
