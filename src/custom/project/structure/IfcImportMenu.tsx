import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { Button, CircularProgress, ListItemText, Menu, MenuItem } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import type { IfcFileChoice, IfcStructure } from '../../../domain/ifcStructure';
import { draftFromIfc, mergeIfcDraft, usualMaterialType, type StructureDraft, type StructureRules } from '../../../domain/structure';
import { messagesText } from '../../../providers/http';
import { usePortalDataProvider } from '../../../providers/dataProvider';

type IfcFile = IfcFileChoice;

interface IfcImportMenuProps {
  rootId: number;
  draft: StructureDraft;
  rules: StructureRules;
  onImport: (draft: StructureDraft) => void;
  onError: (message: string) => void;
}

/**
 * "Create structure from IFC file": lists the project's IFC models; the chosen one is read on the server, and after
 * a confirmation its subprojects and lots replace the draft's new entries (volumes 0, today's date, to be completed).
 */
export function IfcImportMenu({ rootId, draft, rules, onImport, onError }: IfcImportMenuProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  // The project's IFC files from the structure's own route: the download tree is DownloadSelectedFiles' (issue 20).
  const { data: files = [], isPending } = useQuery({ queryKey: ['structure-ifc-files', rootId], queryFn: () => dataProvider.getIfcFiles(rootId), gcTime: 0 });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [reading, setReading] = useState(false);
  const [model, setModel] = useState<{ file: IfcFile; structure: IfcStructure } | null>(null);

  const choose = async (file: IfcFile) => {
    setAnchor(null);
    setReading(true);
    try {
      setModel({ file, structure: await dataProvider.readIfcStructure(rootId, file.fileId) });
    } catch (error) {
      onError(messagesText((error as { body?: unknown }).body) ?? translate('STRUCTURE.Ifc.Failed', { name: file.name }));
    } finally {
      setReading(false);
    }
  };

  const apply = () => {
    if (!model) return;
    const imported = draftFromIfc(model.structure, usualMaterialType(draft, rules.materialTypes), rules.today);
    onImport(mergeIfcDraft(draft, imported));
    notify('STRUCTURE.Ifc.Imported', { type: 'success', messageArgs: { name: model.file.name } });
    setModel(null);
  };

  const lotCount = model?.structure.subProjects.reduce((sum, subProject) => sum + subProject.approvalLots.length, 0) ?? 0;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={reading ? <CircularProgress size={16} /> : <ViewInArIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={reading}
        aria-haspopup="menu"
        data-testid="ifc-import"
      >
        {translate('STRUCTURE.Ifc.Button')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {files.map((file) => (
          <MenuItem key={file.fileId} onClick={() => choose(file)}>
            <ListItemText primary={file.name} secondary={file.unitTitle} />
          </MenuItem>
        ))}
        {!files.length && <MenuItem disabled>{translate(isPending ? 'STRUCTURE.Ifc.Loading' : 'STRUCTURE.Ifc.NoFiles')}</MenuItem>}
      </Menu>
      <Confirm
        isOpen={!!model}
        title="STRUCTURE.Ifc.ConfirmTitle"
        content="STRUCTURE.Ifc.ConfirmText"
        translateOptions={{ name: model?.file.name ?? '', subprojects: model?.structure.subProjects.length ?? 0, lots: lotCount }}
        confirm="STRUCTURE.Ifc.Apply"
        cancel="COMMON.Cancel"
        onConfirm={apply}
        onClose={() => setModel(null)}
      />
    </>
  );
}
