import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { HttpError, Title, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { memberFullName, roleLabelKey } from '../../../domain/members';
import { CompanyDataCard, ContactDataCard, PersonalDataCard } from './MemberProfileCards';
import { idParam, projectDetailsPath, useMemberProfile } from './memberQueries';

export const MEMBER_PROFILE_PATH = '/project/memberprofile/:rootUnitId/:userId';

/** home/app/project/memberprofile/{rootUnitId}/{userId}: personal, contact and company data of a member. */
export default function MemberProfilePage() {
  const translate = useTranslate();
  const params = useParams();
  const rootId = idParam(params.rootUnitId);
  const userId = idParam(params.userId);
  const { data: profile, error, isPending } = useMemberProfile(rootId, userId);
  const notFound = rootId === null || userId === null || (error instanceof HttpError && error.status === 404);

  const back = rootId !== null && !notFound && (
    <Button component={Link} to={projectDetailsPath(rootId)} startIcon={<ArrowBackIcon />} data-testid="member-back">
      {translate('MEMBERS.BackToProject')}
    </Button>
  );
  let content;
  if (notFound) {
    content = (
      <Alert
        severity="warning"
        data-testid="member-not-found"
        action={
          <Button component={Link} to="/home/app/dash" color="inherit" size="small">
            {translate('MEMBERS.ToDashboard')}
          </Button>
        }
      >
        {translate('MEMBERS.NotFound')}
      </Alert>
    );
  } else if (error) {
    content = <Alert severity="error">{error.message || translate('MEMBERS.LoadFailed')}</Alert>;
  } else if (isPending) {
    content = <LinearProgress />;
  } else {
    content = (
      <>
        <Stack direction="row" useFlexGap spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h5" component="h1" data-testid="member-name">
            {memberFullName({ ...profile.personal, userLogin: '' })}
          </Typography>
          <Chip label={translate(roleLabelKey(profile.memberRoleKey))} size="small" color="primary" variant="outlined" />
          <Typography color="text.secondary">
            {profile.project.projectUnitNo} | {profile.project.title}
          </Typography>
        </Stack>
        {profile.isDeleted && <Alert severity="info" sx={{ mb: 2 }}>{translate('MEMBERS.DeletedAccount')}</Alert>}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, alignItems: 'stretch' }}>
          <PersonalDataCard profile={profile} />
          <ContactDataCard profile={profile} />
          <CompanyDataCard profile={profile} />
        </Box>
      </>
    );
  }
  return (
    <Box sx={{ mt: 1, maxWidth: 1200 }}>
      <Title title={translate('MEMBERS.ProfileTitle')} />
      {back && <Box sx={{ mb: 1 }}>{back}</Box>}
      {content}
    </Box>
  );
}
