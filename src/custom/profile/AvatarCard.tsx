import { Alert, Avatar, Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useMemo, useState } from 'react';
import { Confirm, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { avatarUrl } from '../../domain/avatar';
import { canDeleteAvatar, type Profile } from '../../domain/profile';
import { avatarChanged } from '../../providers/authProvider';
import { AvatarDialog } from './AvatarDialog';
import { useProfileUpdate } from './profileQueries';
import { useAvatarImage } from '../../components/useAvatarImage';

export function AvatarCard({ profile }: { profile: Profile }) {
  const translate = useTranslate();
  const notify = useNotify();
  const update = useProfileUpdate();
  const { identity } = useGetIdentity();
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const upload = async (png: Blob) => {
    avatarChanged();
    await update((dataProvider) => dataProvider.uploadAvatar(png));
    notify('PROFILE.AvatarDialog.Uploaded', { type: 'success' });
  };
  const remove = async () => {
    setConfirmDelete(false);
    try {
      avatarChanged();
      await update((dataProvider) => dataProvider.deleteAvatar());
      notify('PROFILE.AvatarDialog.Deleted', { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const { firstName, lastName } = profile.userProfile;
  const hasImage = Boolean(profile.userProfile.hasProfileImage);
  // One address per profile load (a new Date.now() on every render would start the loading over each time).
  const fallback = useMemo(() => avatarUrl(profile.user.userID, Date.now()), [profile]);
  const image = useAvatarImage(hasImage ? (identity?.avatar ?? fallback) : undefined);
  return (
    <Card>
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Avatar
          src={image}
          alt={`${firstName} ${lastName}`}
          sx={{ width: 88, height: 88, fontSize: 32, bgcolor: 'primary.light' }}
          data-testid="profile-avatar"
        >
          {`${firstName[0] ?? ''}${lastName[0] ?? ''}`.toUpperCase() || profile.user.userLogin[0]?.toUpperCase()}
        </Avatar>
        <Box>
          <Typography variant="overline" color="text.secondary">
            {translate('PROFILE.LoginName')}
          </Typography>
          <Typography variant="h6" data-testid="profile-login">
            {profile.user.userLogin}
          </Typography>
        </Box>
      </CardContent>
      {profile.isExternalLogin && <Alert severity="info" sx={{ mx: 2 }}>{translate('PROFILE.ExternalLogin')}</Alert>}
      <CardActions>
        <Button onClick={() => setEditing(true)}>{translate('PROFILE.EditAvatar')}</Button>
        {canDeleteAvatar(profile) && (
          <Button color="error" onClick={() => setConfirmDelete(true)}>
            {translate('PROFILE.DeleteAvatar')}
          </Button>
        )}
      </CardActions>
      {editing && <AvatarDialog onUpload={upload} onClose={() => setEditing(false)} />}
      <Confirm
        isOpen={confirmDelete}
        title="PROFILE.DeleteAvatarTitle"
        content="PROFILE.DeleteAvatarText"
        confirm="COMMON.Delete"
        cancel="COMMON.Cancel"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      />
    </Card>
  );
}
