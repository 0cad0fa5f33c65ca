import { Edit, ListButton, SaveButton, SimpleForm, Toolbar, TopToolbar, useRecordContext } from 'react-admin';
import { userUpdateSchema, type UserRecord } from '../../domain/users';
import { zodResolver } from '../../forms/zodResolver';
import { ActiveToggleButton, InviteButton } from './UserActionButtons';
import { UserInputs } from './UserInputs';
import { USERS_RESOURCE } from '../../domain/resources';

const EditActions = () => (
  <TopToolbar>
    <ListButton />
    <InviteButton />
    <ActiveToggleButton />
  </TopToolbar>
);

function EditToolbar() {
  const record = useRecordContext<UserRecord>();
  return <Toolbar>{!record?.deleted && <SaveButton />}</Toolbar>;
}

function UserTitle() {
  const record = useRecordContext<UserRecord>();
  return <>{record?.login ?? ''}</>;
}

/** Roles, flags, names, e-mail, language and links; the server sends only what changed (PUT). */
export function UserEdit() {
  return (
    <Edit resource={USERS_RESOURCE} title={<UserTitle />} actions={<EditActions />} mutationMode="pessimistic" redirect="list">
      <SimpleForm resolver={zodResolver(userUpdateSchema)} mode="onChange" toolbar={<EditToolbar />}>
        <UserInputs mode="edit" />
      </SimpleForm>
    </Edit>
  );
}
