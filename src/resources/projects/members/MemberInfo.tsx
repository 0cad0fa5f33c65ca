import BusinessIcon from '@mui/icons-material/Business';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import FaxIcon from '@mui/icons-material/Fax';
import PhoneIcon from '@mui/icons-material/Phone';
import MobileIcon from '@mui/icons-material/Smartphone';
import { Box, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { memberFullName, roleLabelKey, type Member } from '../../../domain/members';
import { MemberAvatar } from './MemberAvatar';

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Box sx={{ color: 'text.secondary', display: 'flex' }} title={translate(label)} aria-hidden>
        {icon}
      </Box>
      <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {translate(label)}:{' '}
        </Box>
        {children}
      </Typography>
    </Stack>
  );
}

/** The popup of a member thumbnail: name, role, company, e-mail (unless hidden), phone, mobile and fax. */
export function MemberInfo({ member }: { member: Member }) {
  const translate = useTranslate();
  const icon = { fontSize: 'small' } as const;
  return (
    <Stack spacing={1} sx={{ p: 1 }} data-testid={`member-info-${member.userID}`}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <MemberAvatar member={member} size={48} />
        <Box>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {memberFullName(member)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(roleLabelKey(member.memberRoleKey))}
          </Typography>
        </Box>
      </Stack>
      {member.name && <Line icon={<BusinessIcon {...icon} />} label="MEMBERS.Company">{member.name}</Line>}
      {member.email && (
        <Line icon={<EmailIcon {...icon} />} label="MEMBERS.Email">
          <Link href={`mailto:${member.email}`}>{member.email}</Link>
        </Line>
      )}
      {member.officePhone && <Line icon={<PhoneIcon {...icon} />} label="MEMBERS.OfficePhone">{member.officePhone}</Line>}
      {member.companyMobile && <Line icon={<MobileIcon {...icon} />} label="MEMBERS.CompanyMobile">{member.companyMobile}</Line>}
      {member.officeFax && <Line icon={<FaxIcon {...icon} />} label="MEMBERS.OfficeFax">{member.officeFax}</Line>}
    </Stack>
  );
}
