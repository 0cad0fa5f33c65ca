import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import { Alert, Box, Button, ButtonBase, Card, CardContent, CardHeader, Skeleton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { memberFullName, type Member } from '../../../domain/members';
import { MemberAvatar } from './MemberAvatar';
import { MemberInfo } from './MemberInfo';
import { memberProfilePath, useMembers } from './memberQueries';
import { AddMemberDialog } from './manage/AddMemberDialog';
import { InvitationChip } from './manage/InvitationChip';
import { MemberActionsMenu } from './manage/MemberActionsMenu';

const GRID = { display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(92px, 1fr))' } as const;

function MemberTile({ member, rootId }: { member: Member; rootId: number }) {
  const name = memberFullName(member);
  return (
    <Tooltip
      title={<MemberInfo member={member} />}
      placement="bottom-start"
      enterDelay={300}
      slotProps={{
        tooltip: { sx: { maxWidth: 640, bgcolor: 'background.paper', color: 'text.primary', boxShadow: 6, border: 1, borderColor: 'divider', p: 0.5 } },
      }}
    >
      <ButtonBase
        component={Link}
        to={memberProfilePath(rootId, member.userID)}
        data-testid={`member-${member.userID}`}
        sx={{ flexDirection: 'column', gap: 0.75, p: 1, borderRadius: 1, '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' } }}
      >
        <MemberAvatar member={member} size={56} />
        <Typography
          variant="body2"
          sx={{ textAlign: 'center', lineHeight: 1.25, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
        >
          {name}
        </Typography>
        {member.invitation && <InvitationChip invitation={member.invitation} />}
      </ButtonBase>
    </Tooltip>
  );
}

/**
 * The members of a root project: thumbnails with names; hover or focus shows details, a click the profile. Those who
 * manage members (`canManageMembers`) also add members and change, remove or re-invite them here.
 */
export function MembersCard({ rootId, canManage = false }: { rootId: number; canManage?: boolean }) {
  const translate = useTranslate();
  const { data: members, error, isPending } = useMembers(rootId);
  const [adding, setAdding] = useState(false);
  let content;
  if (isPending) {
    content = (
      <Box sx={GRID}>
        {[0, 1, 2].map((index) => (
          <Box key={index} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.75, p: 1 }}>
            <Skeleton variant="circular" width={56} height={56} />
            <Skeleton width="80%" />
          </Box>
        ))}
      </Box>
    );
  } else if (error) {
    content = <Alert severity="warning">{translate('MEMBERS.LoadFailed')}</Alert>;
  } else if (!members.length) {
    content = <Typography color="text.secondary">{translate('MEMBERS.Empty')}</Typography>;
  } else {
    content = (
      <Box sx={GRID} role="list">
        {members.map((member) => (
          <Box key={member.userID} role="listitem" sx={{ display: 'flex', position: 'relative', '& > a': { flex: 1 } }}>
            <MemberTile member={member} rootId={rootId} />
            {canManage && (
              <Box sx={{ position: 'absolute', top: 0, right: 0 }}>
                <MemberActionsMenu rootId={rootId} member={member} />
              </Box>
            )}
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Card data-testid="members-card">
      <CardHeader
        title={translate('MEMBERS.Title')}
        slotProps={{ title: { variant: 'h6' } }}
        action={
          canManage && (
            <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)} data-testid="add-member">
              {translate('MEMBERS.Manage.Add')}
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>{content}</CardContent>
      {adding && <AddMemberDialog rootId={rootId} onClose={() => setAdding(false)} />}
    </Card>
  );
}
