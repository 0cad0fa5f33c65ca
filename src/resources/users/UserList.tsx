import {
  Datagrid,
  EmailField,
  FunctionField,
  List,
  NullableBooleanInput,
  Pagination,
  SearchInput,
  SelectInput,
  TextField,
} from 'react-admin';
import { USER_PAGE_SIZES, USER_ROLES } from '../../domain/users';
import { BulkEditButton } from '../../layout/bulk/BulkEditButton';
import { BulkListActions } from '../../layout/bulk/BulkListActions';
import { BulkDeactivateButton } from './BulkDeactivateButton';
import { useTenantChoices } from './useUserChoices';
import { KindChipsField, RoleChipsField, StateChipField, TenantChipsField, UserNameField } from './UserFields';
import { USERS_RESOURCE } from '../../domain/resources';


function useFilters() {
  const { choices } = useTenantChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <NullableBooleanInput key="isInternal" source="isInternal" trueLabel="USERS.Kind.Internal" falseLabel="USERS.Kind.External" alwaysOn />,
    <NullableBooleanInput key="isExternalLogin" source="isExternalLogin" />,
    <SelectInput key="tenantID" source="tenantID" choices={choices} translateChoice={false} />,
    <SelectInput key="role" source="role" choices={USER_ROLES.map((role) => ({ id: role, name: `USERS.Role.${role}` }))} alwaysOn />,
    <NullableBooleanInput key="isActive" source="isActive" trueLabel="USERS.State.active" falseLabel="USERS.State.inactive" alwaysOn />,
    <NullableBooleanInput key="deleted" source="deleted" />,
  ];
}


/** All accounts: filters, sort, paging, CSV export and bulk deactivation. */
export function UserList() {
  return (
    <List
      resource={USERS_RESOURCE}
      title="USERS.Menu"
      sort={{ field: 'login', order: 'ASC' }}
      perPage={20}
      filters={useFilters()}
      actions={<BulkListActions />}
      exporter={false}
      pagination={<Pagination rowsPerPageOptions={[...USER_PAGE_SIZES]} />}
    >
      <Datagrid rowClick="edit" bulkActionButtons={<><BulkEditButton /><BulkDeactivateButton /></>}>
        <TextField source="login" />
        <FunctionField label="USERS.Name" sortable={false} render={() => <UserNameField />} />
        <EmailField source="email" />
        <FunctionField source="isInternal" render={() => <KindChipsField />} />
        <FunctionField label="USERS.Roles" sortable={false} render={() => <RoleChipsField />} />
        <FunctionField source="tenantIDs" sortable={false} render={() => <TenantChipsField />} />
        <FunctionField source="isActive" label="USERS.StateLabel" render={() => <StateChipField />} />
      </Datagrid>
    </List>
  );
}
