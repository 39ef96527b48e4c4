import { automationsSkillsSuite } from "./automationsSkills.js"

automationsSkillsSuite("the embedded default", () => ({}))
