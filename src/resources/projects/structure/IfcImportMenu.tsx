import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import { Button, CircularProgress, ListItemText, Menu, MenuItem } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { IfcFileChoice, IfcStructure } from '../../../domain/ifcStructure';
import { draftFromIfc, mergeIfcDraft, usualMaterialType, type StructureDraft, type StructureRules } from '../../../domain/structure';
import { IfcImportDialog } from './IfcImportDialog';
import { IFC_IMPORT_PARAM } from './structurePaths';
import { messagesText } from '../../../providers/http';
import { usePortalDataProvider } from '../../../providers/dataProvider';

type IfcFile = IfcFileChoice;

interface IfcImportMenuProps {
  rootId: number;
  draft: StructureDraft;
  rules: StructureRules;
  /** False for drawing jobs (CCL): imported lots get no material rows. */
  withMaterials: boolean;
  onImport: (draft: StructureDraft) => void;
  onError: (message: string) => void;
  /** The label of the action that creates the structure (Structuring finished), named in the message after the import. */
  finishLabel?: string;
}


/**
 * "Create structure from IFC file": lists the project's IFC models; the chosen one is read on the server, and the
 * structure it implies (with the walls' volumes and the earliest dates, AAC order lots per storey) is offered ticked;
 * what the customer keeps replaces the draft's new entries.
 */
export function IfcImportMenu({ rootId, draft, rules, withMaterials, onImport, onError, finishLabel }: IfcImportMenuProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const dataProvider = usePortalDataProvider();
  // The project's IFC files from the structure's own route: the download tree is DownloadSelectedFiles' (issue 20).
  const { data: files = [], isPending } = useQuery({ queryKey: ['structure-ifc-files', rootId], queryFn: () => dataProvider.getIfcFiles(rootId), gcTime: 0 });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [reading, setReading] = useState(false);
  const [model, setModel] = useState<{ file: IfcFile; proposal: StructureDraft } | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get(IFC_IMPORT_PARAM));
  const opened = useRef(false);

  const choose = async (file: IfcFile) => {
    setAnchor(null);
    setReading(true);
    try {
      const structure: IfcStructure = await dataProvider.readIfcStructure(rootId, file.fileId);
      // Each lot's material comes from what it holds (the server's proposal); the usual type where it names none.
      const proposal = draftFromIfc(structure, {
        type: withMaterials ? usualMaterialType(draft, rules.materialTypes) : '',
        rules: withMaterials ? rules : { ...rules, sellsAac: false },
        aacName: (building) => translate('STRUCTURE.Ifc.AacName', { building }),
      });
      setModel({ file, proposal });
    } catch (error) {
      onError(messagesText((error as { body?: unknown }).body) ?? translate('STRUCTURE.Ifc.Failed', { name: file.name }));
    } finally {
      setReading(false);
    }
  };

  // The model the link names, once its file is listed: read at once, and the parameter dropped (a reload does not repeat it).
  useEffect(() => {
    const file = files.find((candidate) => candidate.fileId === requested);
    if (!file || opened.current) return;
    opened.current = true;
    setSearchParams((params) => {
      params.delete(IFC_IMPORT_PARAM);
      return params;
    }, { replace: true });
    void choose(file);
  }, [files, requested]);

  const apply = (picked: StructureDraft) => {
    if (!model) return;
    onImport(mergeIfcDraft(draft, picked));
    // What to do next: the finish action creates the structure; without it (planning later) the draft is saved.
    if (finishLabel) notify('STRUCTURE.Ifc.Imported', { type: 'success', messageArgs: { name: model.file.name, action: finishLabel } });
    else notify('STRUCTURE.Ifc.ImportedSave', { type: 'success', messageArgs: { name: model.file.name } });
    setModel(null);
  };

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
      {model && <IfcImportDialog fileName={model.file.name} proposal={model.proposal} locale={locale ?? 'en'} onApply={apply} onClose={() => setModel(null)} />}
    </>
  );
}
