import { Box, Card, CardContent, CardHeader, Link, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { tenantLogoUrl, type MemberProfile } from '../../../domain/members';
import { MemberAvatar } from './MemberAvatar';

function Value({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography sx={{ color: value ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}>{value ? (children ?? value) : translate('MEMBERS.NotFilled')}</Typography>
    </Box>
  );
}

function ProfileCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card data-testid={testId} sx={{ height: '100%' }}>
      <CardHeader title={translate(title)} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

export function PersonalDataCard({ profile }: { profile: MemberProfile }) {
  const { personal } = profile;
  return (
    <ProfileCard title="MEMBERS.PersonalData" testId="member-personal-card">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Value label="MEMBERS.FirstName" value={personal.firstName} />
          <Value label="MEMBERS.LastName" value={personal.lastName} />
        </Box>
        <MemberAvatar member={personal} size={88} />
      </Box>
    </ProfileCard>
  );
}

export function ContactDataCard({ profile }: { profile: MemberProfile }) {
  const { contact } = profile;
  return (
    <ProfileCard title="MEMBERS.ContactData" testId="member-contact-card">
      {contact.email !== undefined && (
        <Value label="MEMBERS.Email" value={contact.email}>
          <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
        </Value>
      )}
      <Value label="MEMBERS.OfficePhone" value={contact.officePhone} />
      <Value label="MEMBERS.CompanyMobile" value={contact.companyMobile} />
      <Value label="MEMBERS.OfficeFax" value={contact.officeFax} />
    </ProfileCard>
  );
}

/** The company logo; it stays hidden when the tenant has none (404). */
function CompanyLogo({ logoId, alt }: { logoId: string; alt: string }) {
  const [missing, setMissing] = useState(false);
  if (missing) return null;
  return (
    <Box
      component="img"
      src={tenantLogoUrl(logoId)}
      alt={alt}
      onError={() => setMissing(true)}
      data-testid="member-company-logo"
      sx={{ display: 'block', maxWidth: 240, maxHeight: 100, width: '100%', objectFit: 'contain', objectPosition: 'left', mb: 2 }}
    />
  );
}

export function CompanyDataCard({ profile }: { profile: MemberProfile }) {
  const translate = useTranslate();
  const { company } = profile;
  return (
    <ProfileCard title="MEMBERS.CompanyData" testId="member-company-card">
      {company.logoId && <CompanyLogo key={company.logoId} logoId={company.logoId} alt={translate('MEMBERS.Logo', { name: company.name })} />}
      <Value label="MEMBERS.CompanyName" value={company.name} />
      {company.name2 && <Value label="MEMBERS.CompanyName2" value={company.name2} />}
      <Value label="MEMBERS.Street1" value={company.street1} />
      {company.street2 && <Value label="MEMBERS.Street2" value={company.street2} />}
      <Value label="MEMBERS.Zip" value={company.zip} />
      <Value label="MEMBERS.City" value={company.city} />
    </ProfileCard>
  );
}
