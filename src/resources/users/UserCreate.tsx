import { Create, SimpleForm } from 'react-admin';
import { DEFAULT_LANGUAGE } from '../../domain/languages';
import { userCreateSchema } from '../../domain/users';
import { zodResolver } from '../../forms/zodResolver';
import { UserInputs } from './UserInputs';
import { USERS_RESOURCE } from '../../domain/resources';

const defaults = {
  language: DEFAULT_LANGUAGE,
  isInternal: false,
  isExternalLogin: false,
  isAdmin: false,
  isConfigurer: false,
  isProjectPlanner: false,
  tenantIDs: [],
  salesOrgIDs: [],
};

/** A new user; the server mails the invitation (not for external logins). */
export function UserCreate() {
  return (
    <Create resource={USERS_RESOURCE} title="USERS.CreateTitle" redirect="edit">
      <SimpleForm defaultValues={defaults} resolver={zodResolver(userCreateSchema)} mode="onChange">
        <UserInputs mode="create" />
      </SimpleForm>
    </Create>
  );
}
