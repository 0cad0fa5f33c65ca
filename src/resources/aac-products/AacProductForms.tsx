import { Create, Edit, SimpleForm } from 'react-admin';
import { aacProductCreateSchema, aacProductDefaults } from '../../domain/catalogue';
import { zodResolver } from '../../forms/zodResolver';
import { AacProductInputs } from './AacProductInputs';

const resolver = zodResolver(aacProductCreateSchema);

export function AacProductCreate() {
  return (
    <Create title="CATALOGUE.Aac.CreateTitle" redirect="list">
      <SimpleForm resolver={resolver} mode="onChange" defaultValues={aacProductDefaults}>
        <AacProductInputs />
      </SimpleForm>
    </Create>
  );
}

/** Pessimistic: the server's answer (a duplicate, a refused value) is shown before the page leaves. */
export function AacProductEdit() {
  return (
    <Edit title="CATALOGUE.Aac.EditTitle" mutationMode="pessimistic" redirect="list">
      <SimpleForm resolver={resolver} mode="onChange">
        <AacProductInputs />
      </SimpleForm>
    </Edit>
  );
}
