import BuildIcon from '@mui/icons-material/Build';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { canEditSite, reviewerChangeSchema } from '../../../domain/projectUnits';
import { usePortalDataProvider } from '../../../providers/dataProvider';
import { messagesText } from '../../../providers/http';
import { ProfileFormDialog } from '../../../components/ProfileFormDialog';
import type { UnitPageContext } from './projectQueries';
import { SiteDialog, useSiteRecord } from './SiteCards';

type Tool = 'edit-site-address' | 'edit-site-contact' | 'reviewer-change-request' | null;

/** The ProjectTools menu: edit site address, edit site contact, request a reviewer change. */
export function ProjectToolsMenu({ context }: { context: UnitPageContext }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [tool, setTool] = useState<Tool>(null);
  const address = useSiteRecord('address', context.root.siteAddressID);
  const contact = useSiteRecord('contact', context.root.siteContactID);
  if (!context.features.includes('ProjectTools')) return null;
  const closed = !canEditSite(context.root.stateKey).allowed;
  const choose = (next: Tool) => {
    setAnchor(null);
    setTool(next);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<BuildIcon />} onClick={(event) => setAnchor(event.currentTarget)} aria-haspopup="menu" fullWidth>
        {translate('PROJECTS.Tools.Menu')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem disabled={closed || !address.data} onClick={() => choose('edit-site-address')}>{translate('PROJECTS.Tools.EditSiteAddress')}</MenuItem>
        <MenuItem disabled={closed || !contact.data} onClick={() => choose('edit-site-contact')}>{translate('PROJECTS.Tools.EditSiteContact')}</MenuItem>
        <MenuItem onClick={() => choose('reviewer-change-request')}>{translate('PROJECTS.Tools.ReviewerChangeRequest')}</MenuItem>
      </Menu>
      {tool === 'edit-site-address' && address.data && <SiteDialog kind="address" context={context} values={address.data} onClose={() => setTool(null)} />}
      {tool === 'edit-site-contact' && contact.data && <SiteDialog kind="contact" context={context} values={contact.data} onClose={() => setTool(null)} />}
      {tool === 'reviewer-change-request' && (
        <ProfileFormDialog
          title="PROJECTS.Tools.ReviewerChangeRequest"
          fields={[{ name: 'email', label: 'PROJECTS.Tools.NewReviewerEmail', required: true, autoComplete: 'email' }]}
          schema={reviewerChangeSchema.pick({ email: true })}
          initialValues={{ email: '' }}
          helperText="PROJECTS.Tools.ReviewerChangeHint"
          onSubmit={async (values) => {
            const answer = await dataProvider.executeProjectTool('reviewer-change-request', { rootUnitId: context.root.id, email: values.email });
            notify(messagesText(answer) ?? 'PROJECTS.Tools.ReviewerChangeSent', { type: 'success' });
          }}
          onError={(error) => {
            notify('PROJECTS.Tools.RequestFailed', { type: 'error', messageArgs: { message: (error as Error).message } });
            return true;
          }}
          onClose={() => setTool(null)}
        />
      )}
    </>
  );
}
