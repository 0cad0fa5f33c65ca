import EditIcon from '@mui/icons-material/Edit';
import { IconButton, Stack, Tooltip } from '@mui/material';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { CreateButton, Datagrid, FunctionField, List, Pagination, SearchInput, SelectInput, TextField, useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { DateField } from '../../layout/LocalizedFields';
import { ExportListActions } from '../../layout/bulk/ExportListActions';
import { BANNER_LEVELS, BANNER_PAGE_SIZES, type BannerNotification } from '../../domain/banner';
import { LevelField, SalesOrgChipsField } from './BannerFields';
import { BannerNotificationDialog } from './BannerNotificationDialog';
import { BANNER_LIST_PATH } from './constants';
import { DeleteBannerButton } from './DeleteBannerButton';
import { BANNER_RESOURCE } from '../../domain/resources';

const longDate = { dateStyle: 'long', timeStyle: 'short' } as const;

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="level" source="level" choices={BANNER_LEVELS.map((level) => ({ id: level, name: `BANNER.Level.${level}` }))} />,
];

function EditBannerButton() {
  const record = useRecordContext<BannerNotification>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  if (!record) return null;
  return (
    <Tooltip title={translate('BANNER.Edit')}>
      <IconButton
        size="small"
        aria-label={`${translate('BANNER.Edit')}: ${record.title}`}
        onClick={(event) => {
          event.stopPropagation();
          navigate(createPath({ resource: BANNER_RESOURCE, type: 'edit', id: record.id }));
        }}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

const ListActions = () => (
  <ExportListActions>
    <CreateButton label="BANNER.Add" />
  </ExportListActions>
);

/** The dialog to show, from the URL: …/create or …/{id} (deep-linkable, with browser history). */
function useDialogFromRoute() {
  const location = useLocation();
  const match = matchPath(`${BANNER_LIST_PATH}/:id`, location.pathname);
  if (!match?.params.id) return null;
  return match.params.id === 'create' ? ({ kind: 'create' } as const) : ({ kind: 'edit', id: match.params.id } as const);
}

export function BannerNotificationList() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dialog = useDialogFromRoute();
  return (
    <>
      <List
        resource={BANNER_RESOURCE}
        title="MENU.BannerNotifications"
        sort={{ field: 'showFrom', order: 'DESC' }}
        perPage={20}
        filters={filters}
        actions={<ListActions />}
        pagination={<Pagination rowsPerPageOptions={[...BANNER_PAGE_SIZES]} />}
        empty={false}
      >
        <Datagrid rowClick="edit" bulkActionButtons={false} empty={<Stack sx={{ p: 3 }}>{translate('BANNER.Empty')}</Stack>}>
          <TextField source="title" />
          <FunctionField source="level" render={() => <LevelField />} />
          <DateField source="showFrom" showTime options={longDate} />
          <DateField source="showUntil" showTime options={longDate} />
          <FunctionField source="salesOrgs" sortable={false} render={() => <SalesOrgChipsField />} />
          <FunctionField
            label="BANNER.Actions"
            textAlign="right"
            render={() => (
              <Stack direction="row" spacing={0.5} sx={{ justifyContent: "flex-end" }}>
                <EditBannerButton />
                <DeleteBannerButton />
              </Stack>
            )}
          />
        </Datagrid>
      </List>
      {dialog && <BannerNotificationDialog key={dialog.kind === 'edit' ? dialog.id : 'create'} mode={dialog} onClose={() => navigate(BANNER_LIST_PATH)} />}
    </>
  );
}
