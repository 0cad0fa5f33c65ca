import { Avatar } from '@mui/material';
import { avatarUrl } from '../../../domain/avatar';
import { memberInitials } from '../../../domain/members';

interface MemberAvatarProps {
  member: { userID: number; firstName: string; lastName: string; userLogin?: string; hasProfileImage: boolean };
  size: number;
}

/** The member's picture, or the initials when there is none. */
export function MemberAvatar({ member, size }: MemberAvatarProps) {
  return (
    <Avatar
      src={member.hasProfileImage ? avatarUrl(member.userID) : undefined}
      alt=""
      sx={{ width: size, height: size, fontSize: size * 0.4, bgcolor: 'primary.light' }}
    >
      {memberInitials({ firstName: member.firstName, lastName: member.lastName, userLogin: member.userLogin ?? '' })}
    </Avatar>
  );
}
