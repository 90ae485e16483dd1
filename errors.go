package reckon
