import { Navigate, useParams } from 'react-router-dom';
import { questionnairePagePath } from './questionnairePaths';

/** home/app/project/details/{root}/questionnaire, the spec's other path of the page, leads to the questionnaire page. */
export function QuestionnaireRedirect() {
  return <Navigate to={questionnairePagePath(useParams().rootId ?? '')} replace />;
}
